import { z } from 'zod'
import { todayInBrazil } from '../../../src/kernel/dates'
import { endpoint, type Call } from '../../api'
import { badRequest, notFound } from '../../http'
import { sgsAnswerSchema, sgsMonthlyPoint, SELIC_MONTHLY_SERIES } from './contract'
import { seriesBetween } from './series'

// The Banco Central's open-data API for time series (SGS) stand-in: the same paths, query and
// answer as `https://api.bcb.gov.br` — `/dados/serie/bcdata.sgs.{code}/dados?formato=json&
// dataInicial=dd/MM/aaaa&dataFinal=dd/MM/aaaa` and `…/dados/ultimos/{n}` — each value a
// `{ data: "01/MM/AAAA", valor: "1.22" }` (decimal point, as text). Public, as the real one is;
// it knows series 4390 (the monthly Selic, series.ts). Under `/banco-central` on this server (the
// product's default address of the service, contract.ts).

const SELIC_SERIES = String(SELIC_MONTHLY_SERIES)

const brDate = /^(\d{2})\/(\d{2})\/(\d{4})$/
const dateMessage = 'Data inválida: use dd/MM/aaaa.'
const brDateSchema = z.string().regex(brDate, { error: dateMessage })
/** `dd/MM/aaaa` → `YYYY-MM`. */
const monthOf = (text: string) => {
  const [, , month, year] = brDate.exec(text)!
  return `${year}-${month}`
}

const seriesParams = z.object({ code: z.string().regex(/^\d{1,6}$/) })
const seriesQuery = z.object({
  formato: z.enum(['json']).default('json'),
  dataInicial: brDateSchema.optional(),
  dataFinal: brDateSchema.optional(),
})

const point = (entry: { month: string; rate: number }) => sgsMonthlyPoint(entry.month, entry.rate)

function seriesOf(code: string) {
  if (code !== SELIC_SERIES)
    throw notFound(`Série ${code} não disponível neste serviço local: só a 4390 (Selic mensal).`)
}

function getSeries({
  params,
  query,
}: Call<{ params: z.output<typeof seriesParams>; query: z.output<typeof seriesQuery> }>) {
  seriesOf(params.code)
  const today = todayInBrazil()
  const from = query.dataInicial ? monthOf(query.dataInicial) : '1900-01'
  const to = query.dataFinal ? monthOf(query.dataFinal) : today.slice(0, 7)
  if (from > to) throw badRequest('A data inicial é posterior à data final.')
  return seriesBetween(from, to, today).map(point)
}

function getLast({ params }: Call<{ params: z.output<typeof seriesParams> & { count: number } }>) {
  seriesOf(params.code)
  const all = seriesBetween('1900-01', '9999-12', todayInBrazil())
  return all.slice(Math.max(0, all.length - params.count)).map(point)
}

export const bancoCentralEndpoints = [
  endpoint({
    method: 'GET',
    path: '/banco-central/dados/serie/bcdata.sgs.{code}/dados',
    summary:
      'Banco Central stand-in (SGS): a series between two dates; 4390 is the Selic accumulated in each month.',
    access: 'public',
    params: seriesParams,
    query: seriesQuery,
    answers: { 200: sgsAnswerSchema },
    errors: [404],
    handler: getSeries,
  }),
  endpoint({
    method: 'GET',
    path: '/banco-central/dados/serie/bcdata.sgs.{code}/dados/ultimos/{count}',
    summary: 'Banco Central stand-in (SGS): the last values of a series.',
    access: 'public',
    params: seriesParams.extend({ count: z.coerce.number().int().min(1).max(20) }),
    query: z.object({ formato: z.enum(['json']).default('json') }),
    answers: { 200: sgsAnswerSchema },
    errors: [404],
    handler: getLast,
  }),
]
