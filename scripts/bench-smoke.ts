import { writeFileSync } from 'node:fs'

// The smoke of a bench: `npm run bench:<name> -- --smoke` builds every data set of the bench at a
// tiny size and runs every row once, so a bench that cannot start (a data set that collides with
// another, a seed that changed shape, an endpoint that moved) fails in `npm test` (scripts/test.ts
// runs every `bench:*` script of package.json this way) instead of sitting on main unseen. It
// judges no time: on a shared machine a smoke measures nothing, it only proves that every data
// set was built and every row answered as the bench expects (a row that errors, or an answer
// the row does not expect, stops the bench with a non-zero exit).
//
// A bench script takes part by:
// - sizing each data set with `benchSize(full, smoke)` and each timed stretch with `benchMs(full)`
//   (a load, a warm-up, an open loop): the smoke runs each row once, or for a moment;
// - reporting a row's target through `verdict(check)`, which the smoke does not judge;
// - running its main through `runBench(main)`, which answers with the rows it ran and, under
//   `npm test`, writes them to the file `BENCH_SMOKE_SUMMARY` names.
// tests/unit/bench-smoke.test.ts checks that every `bench:*` script of package.json does.

/** Whether this run is the smoke (`--smoke`). */
export const SMOKE = process.argv.includes('--smoke')

/** A data set's size: the bench's, or a tiny one in the smoke. */
export const benchSize = (full: number, smoke: number): number => (SMOKE ? smoke : full)

/** A timed stretch in ms (a load, a warm-up, an open loop): the bench's, or none in the smoke. */
export const benchMs = (full: number, smoke = 0): number => (SMOKE ? smoke : full)

/** A row's result: its target met or missed, or only "answered" in the smoke. */
export const verdict = (check: { ok: boolean } | undefined): string =>
  check === undefined ? '' : SMOKE ? 'answered' : check.ok ? 'ok' : 'MISSED'

/** The smoke's outcome, for `npm test`'s count. */
export type SmokeSummary = { bench: string; rows: number; failed: number }

/**
 * Runs a bench's main, which answers with the number of rows it ran; an error fails the run (exit
 * 1). In the smoke, a row a bench notes as unavailable is an error too: every row must answer.
 */
export async function runBench(bench: string, main: () => Promise<number>): Promise<void> {
  let summary: SmokeSummary
  try {
    const rows = await main()
    summary = { bench, rows, failed: process.exitCode && process.exitCode !== 0 ? 1 : 0 }
    if (SMOKE) console.log(`[${bench} --smoke] ${rows} ${rows === 1 ? 'row' : 'rows'} answered`)
  } catch (error) {
    console.error(`[${bench}${SMOKE ? ' --smoke' : ''}] stopped:`, error)
    summary = { bench, rows: 0, failed: 1 }
    process.exitCode = 1
  }
  const file = process.env.BENCH_SMOKE_SUMMARY
  if (SMOKE && file) writeFileSync(file, JSON.stringify(summary))
}

/** In the smoke, a row that is not there is a failure; in a bench, a note in the table. */
export function unavailable(row: string): string {
  if (SMOKE) throw new Error(`${row}: the endpoint is not there (404 Rota não encontrada)`)
  return 'not available yet'
}

/**
 * In the smoke, a request of an open loop (scripts/latency-probe.ts) that failed, an infinite
 * sample, stops the bench; in a bench its p99 shows it.
 */
export function probeAnswered(samples: readonly number[], what: string): void {
  if (SMOKE && samples.some((ms) => !Number.isFinite(ms)))
    throw new Error(`${what}: a request failed`)
}
