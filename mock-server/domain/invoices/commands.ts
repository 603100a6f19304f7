import type { NfsRequest } from '../../../src/schemas/invoice'
import type { Store } from '../../store/database'
import { publish, reacted } from '../reactions'
import { cancelRequest, issueRequest, substituteRequest, type IssuanceDeps } from './nfse/issuance'

// The invoices context's commands around the national NFS-e (mock-server/domain/invoices/nfse/
// issuance.ts): each runs its transactions (the Sefin's call lies between them), then raises
// `invoices-changed`, and the reactions (mock-server/domain/reactions.ts) reconcile the lines of
// the invoices' windows. The routes and the background check of lost answers call these; none of
// them calls the reconciler.

/**
 * Publishes that the company's invoices changed once their writes have committed, and waits for
 * the reconciliation it starts a while (the answer says what is written by then).
 */
export const invoicesChanged = (store: Store, companyId: string, invoiceIds: string[]) =>
  reacted(publish(store, [{ type: 'invoices-changed', companyId, invoiceIds }]))

/** Issues a request's NFS-e: its taker's payment may already be on the statement. */
export async function issueInvoice(
  deps: IssuanceDeps,
  input: Parameters<typeof issueRequest>[1],
): Promise<NfsRequest> {
  const issued = await issueRequest(deps, input)
  await invoicesChanged(deps.store, issued.companyId, [issued.id])
  return issued
}

/** Cancels an NFS-e: a payment matched to it goes back to the lists. */
export async function cancelInvoice(
  deps: IssuanceDeps,
  input: Parameters<typeof cancelRequest>[1],
): Promise<NfsRequest> {
  const cancelled = await cancelRequest(deps, input)
  await invoicesChanged(deps.store, cancelled.companyId, [cancelled.id])
  return cancelled
}

/** Replaces an NFS-e: the replaced one leaves the open invoices, the new one enters. */
export async function substituteInvoice(
  deps: IssuanceDeps,
  input: Parameters<typeof substituteRequest>[1],
): Promise<{ replaced: NfsRequest; substitute: NfsRequest }> {
  const outcome = await substituteRequest(deps, input)
  const { replaced, substitute } = outcome
  await invoicesChanged(deps.store, replaced.companyId, [replaced.id, substitute.id])
  return outcome
}
