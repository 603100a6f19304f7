import { z } from 'zod'
import { loadFixture } from '../../fixtures'

// The monthly Selic the Receita applies to federal taxes paid late (fixtures/reference/selic.json,
// its sources in SOURCES.md), in hundredths of a percent by month. A month the table does not
// have is refused by the calculation, never guessed.

const selicSchema = z.object({
  months: z.record(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), z.number().min(0).max(10)),
})

let table: Record<string, number> | undefined

/** Hundredths of a percent by `YYYY-MM` (1,28 % → 128). */
export function selicByMonth(): Record<string, number> {
  table ??= Object.fromEntries(
    Object.entries(loadFixture('reference/selic.json', selicSchema).months).map(
      ([month, percent]) => [month, Math.round(percent * 100)],
    ),
  )
  return table
}
