import { z } from 'zod'
import { addMonths } from '../../../src/kernel/dates'
import { selicMessages, type SelicInput, type SelicMonth } from '../../../src/schemas/simples/api'
import { loadFixture } from '../../fixtures'
import {
  monthlyPoint,
  SELIC_MONTHLY_SERIES,
  sgsAnswerSchema,
  sgsSeriesPath,
} from '../../stand-ins/banco-central/contract'
import type { Store } from '../../store/database'
import { conflict, invalid, type DomainError } from '../errors'

// The monthly Selic the Receita applies to federal taxes paid late, as the product has it: the
// offline default of fixtures/reference/selic.json (sources in its SOURCES.md), the months the
// Banco Central's SGS series 4390 answers (read at start and every day, mock-server/index.ts, and
// when the accountant asks, through the same API the real service has: its stand-in by default, MOCK_BANCO_CENTRAL_URL otherwise), and
// the months the accountant adds with their source. A month none of them has is refused by the
// late-payment calculation, never guessed.

const referenceSchema = z.object({
  months: z.record(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), z.number().min(0).max(10)),
})

const REFERENCE_SOURCE =
  'fixtures/reference/selic.json (taxa Selic mensal da Receita Federal; fontes em fixtures/reference/SOURCES.md)'
const BANCO_CENTRAL_SOURCE = 'Banco Central do Brasil, SGS série 4390 (Selic acumulada no mês)'

/** The reference table as records (the seed of a new data folder). */
export function referenceSelicMonths(now: string): SelicMonth[] {
  return Object.entries(loadFixture('reference/selic.json', referenceSchema).months).map(
    ([month, rate]) => ({
      id: month,
      month,
      rate,
      origin: 'reference',
      source: REFERENCE_SOURCE,
      addedBy: null,
      addedAt: now,
    }),
  )
}

/** Hundredths of a percent by `YYYY-MM` (1,28 % → 128), from what the product has. */
export const selicByMonth = (store: Store): Record<string, number> =>
  Object.fromEntries(store.selicMonths.all().map((row) => [row.month, Math.round(row.rate * 100)]))

/** The months the product has, newest first. */
export const selicMonths = (store: Store) =>
  store.selicMonths.all().sort((a, b) => b.month.localeCompare(a.month))

// ---- reading the Banco Central's series ----

const TIMEOUT_MS = 3_000
/** Reads closer together than this are served by the last one. */
const REREAD_AFTER_MS = 60_000
/** How often a running server reads the series again (mock-server/index.ts). */
export const SELIC_REREAD_MS = 24 * 60 * 60 * 1000

/**
 * The series 4390 from a month on, through the API's contract (stand-ins/banco-central/contract.ts),
 * as `{ month, rate }` (percent). Throws on any failure.
 */
export async function readSelicSeries(baseUrl: string, from: string, today: string) {
  const url = `${baseUrl.replace(/\/$/, '')}${sgsSeriesPath(SELIC_MONTHLY_SERIES, `${from}-01`, today)}`
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`o serviço respondeu ${response.status}`)
  return sgsAnswerSchema.parse(await response.json()).map((point) => {
    const { month, value } = monthlyPoint(point)
    if (!Number.isFinite(value) || value < 0 || value > 10)
      throw new Error(`valor fora do esperado: ${point.valor}`)
    return { month, rate: value }
  })
}

type LastRead = { at: string; ok: boolean; message: string | null }
const reads = new WeakMap<Store, { last: LastRead | null; running: Promise<LastRead> | null }>()
const stateOf = (store: Store) => {
  let state = reads.get(store)
  if (!state) reads.set(store, (state = { last: null, running: null }))
  return state
}

/** The last read of the series (null before the first). */
export const lastSelicRead = (store: Store) => stateOf(store).last

/**
 * Reads the series and keeps each month it answers (the Banco Central's value replaces the
 * reference's or an accountant's); a failure keeps what the product has and is remembered. A
 * read already running is shared; one less than a minute old is enough unless `force`.
 */
export function refreshSelic(
  store: Store,
  baseUrl: string,
  today: string,
  options: { force?: boolean } = {},
): Promise<LastRead> {
  const state = stateOf(store)
  if (state.running) return state.running
  const last = state.last
  if (!options.force && last?.ok && Date.now() - Date.parse(last.at) < REREAD_AFTER_MS)
    return Promise.resolve(last)
  const run = (async (): Promise<LastRead> => {
    const at = new Date().toISOString()
    try {
      const months = await readSelicSeries(baseUrl, addMonths(today.slice(0, 7), -36), today)
      store.write(() => {
        for (const { month, rate } of months) {
          const kept = store.selicMonths.get(month)
          if (kept?.origin === 'banco-central' && kept.rate === rate) continue
          store.selicMonths.put({
            id: month,
            month,
            rate,
            origin: 'banco-central',
            source: BANCO_CENTRAL_SOURCE,
            addedBy: null,
            addedAt: at,
          })
        }
      })
      return { at, ok: true, message: null }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return {
        at,
        ok: false,
        message: `Não foi possível ler a Selic do Banco Central (${reason}): valem os meses que o sistema já tem.`,
      }
    }
  })()
  state.running = run
  return run.then((read) => {
    state.last = read
    state.running = null
    return read
  })
}

/**
 * Why the accountant may not add this month by hand, as the domain error the caller throws (the
 * input's fault: `invalid`; the table's state: `conflict`); null for a month that has ended and
 * did not come from the Banco Central.
 */
export function selicMonthRefusal(store: Store, month: string, today: string): DomainError | null {
  if (month >= today.slice(0, 7)) return invalid(selicMessages.monthFuture)
  const kept = store.selicMonths.get(month)
  if (kept?.origin === 'banco-central')
    return conflict(
      `A Selic de ${month.slice(5)}/${month.slice(0, 4)} já veio do Banco Central (${kept.rate.toFixed(2).replace('.', ',')} %): ela não é substituída à mão.`,
    )
  return null
}

/**
 * A month's Selic the accountant adds with its source (inside store.write, after
 * selicMonthRefusal said nothing).
 */
export function addSelicMonth(
  store: Store,
  input: Pick<SelicInput, 'month' | 'rate' | 'source'>,
  by: string,
  now: string,
) {
  const record: SelicMonth = {
    id: input.month,
    month: input.month,
    rate: input.rate,
    origin: 'accountant',
    source: input.source,
    addedBy: by,
    addedAt: now,
  }
  store.selicMonths.put(record)
  return record
}
