import { z } from 'zod'

// The shapes of the Banco Central's open-data API for time series (SGS, `https://api.bcb.gov.br`)
// the product reads and the stand-in answers (stand-ins/banco-central/routes.ts): a series between
// two dates, `/dados/serie/bcdata.sgs.{code}/dados?formato=json&dataInicial=dd/MM/aaaa&
// dataFinal=dd/MM/aaaa`, answered as `[{ "data": "01/09/2026", "valor": "1.16" }]` — the value as
// text, with a decimal point.

/** Where this server serves the stand-in (the product's default address of the service). */
export const BANCO_CENTRAL_PREFIX = '/banco-central'

/** The monthly Selic: "Taxa de juros - Selic acumulada no mês", percent. */
export const SELIC_MONTHLY_SERIES = 4390

export const sgsPointSchema = z.object({
  data: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
  valor: z.string(),
})
export const sgsAnswerSchema = z.array(sgsPointSchema)
export type SgsPoint = z.infer<typeof sgsPointSchema>

/** `YYYY-MM-DD` → `dd/MM/aaaa`, as the API's dates are written. */
export const sgsDate = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`

/** The path of a series between two days (`YYYY-MM-DD`), below the API's base address. */
export const sgsSeriesPath = (code: number, from: string, to: string) =>
  `/dados/serie/bcdata.sgs.${code}/dados?formato=json&dataInicial=${sgsDate(from)}&dataFinal=${sgsDate(to)}`

/** A monthly point as `{ month: 'YYYY-MM', value }` (the value a number; NaN when not one). */
export const monthlyPoint = (point: SgsPoint) => ({
  month: `${point.data.slice(6)}-${point.data.slice(3, 5)}`,
  value: Number(point.valor),
})

/** A monthly value as the API writes it: the first of the month, the value with two decimals. */
export const sgsMonthlyPoint = (month: string, value: number): SgsPoint => ({
  data: `01/${month.slice(5)}/${month.slice(0, 4)}`,
  valor: value.toFixed(2),
})
