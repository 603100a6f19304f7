import { AsyncLocalStorage } from 'node:async_hooks'
import { todayInBrazil } from '../src/kernel/dates'

// The server's "now": the machine's clock, except inside a request the test harness dated with
// the `x-test-clock` header (an ISO instant; honoured only when the harness turned the test hooks
// on, mock-server/config.ts), so that an end-to-end test that freezes the browser's clock on a
// day of the month gets a server that agrees on "today" for that request and what it sets off.
// Per request, not global: other tests running against the same server keep the real clock.

const dated = new AsyncLocalStorage<Date>()

export const TEST_CLOCK_HEADER = 'x-test-clock'

/** Now: the request's test date, else the machine's clock. */
export function now(): Date {
  const at = dated.getStore()
  return at ? new Date(at) : new Date()
}

/** Now as ISO text (what records keep). */
export const nowIso = () => now().toISOString()

/** Today in Brazil (`YYYY-MM-DD`), by `now()`. */
export const today = () => todayInBrazil(now())

/** Runs `work` (and what it awaits) as if it were `at`. */
export const withClock = <T>(at: Date, work: () => T): T => dated.run(at, work)

/** The date a test's header names, or null (absent or not a date). */
export function testClockOf(header: string | undefined): Date | null {
  const at = header ? new Date(header) : null
  return at && !Number.isNaN(at.getTime()) ? at : null
}
