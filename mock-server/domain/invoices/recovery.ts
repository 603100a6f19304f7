import { recoverReservations, whenLeftWaiting, type IssuanceDeps } from './nfse/issuance'
import { invoicesChanged } from './commands'
import { checkAnalyses } from './nfse/cancellation-analysis'
import { checkCancellations } from './nfse/cancellation'

// The background check of DPS whose answer was lost (nfse/issuance.ts): every reservation sent
// without an answer, or left "sending" by a process that stopped, is asked about at the Sefin
// (`GET /dps/{id}`) and its NFS-e recorded — or its number freed when the Sefin has none. Runs
// shortly after start, then every `intervalMs`; an invoice it issues is reconciled like any other.
// The same check learns the municipality's answer to a cancellation analysis
// (nfse/cancellation-analysis.ts), and settles a cancellation whose answer was lost or did not
// verify (nfse/cancellation.ts): an NFS-e it cancels leaves the month like any cancelled one.

export const RECOVERY_INTERVAL_MS = 15_000

export function startRecovery(deps: IssuanceDeps, intervalMs = RECOVERY_INTERVAL_MS) {
  let running: Promise<string[]> | null = null
  const runNow = () => {
    running ??= recoverReservations(deps)
      .then(async (recovered) => [
        ...recovered,
        ...(await checkAnalyses(deps)),
        ...(await checkCancellations(deps)),
      ])
      .then(async (requests) => {
        for (const request of requests)
          if (request.status === 'issued' || request.status === 'cancelled')
            await invoicesChanged(deps.store, request.companyId, [request.id])
        return requests.map((request) => request.id)
      })
      .catch((error: unknown) => {
        console.error('[nfse recovery]', error)
        return []
      })
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(() => void runNow(), intervalMs)
  timer.unref()
  const first = setTimeout(() => void runNow(), 1_000)
  first.unref()
  // A request just left waiting is asked about in a few seconds, not at the next interval.
  whenLeftWaiting(deps.store, () => setTimeout(() => void runNow(), 2_000).unref())
  return {
    runNow,
    stop() {
      clearInterval(timer)
      clearTimeout(first)
    },
  }
}
