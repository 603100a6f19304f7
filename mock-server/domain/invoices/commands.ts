import type { z } from 'zod'
import type { Company } from '../../../src/schemas/company'
import {
  serviceCodeOf,
  type NfsRequest,
  type nfsRequestCreateSchema,
} from '../../../src/schemas/invoice'
import { todayInBrazil } from '../../../src/kernel/dates'
import type { Store } from '../../store/database'
import { publishAndWait } from '../reactions'
import { cancelRequest } from './nfse/cancellation'
import { issueRequest, substituteRequest, type IssuanceDeps } from './nfse/issuance'
import { assertIssuer, municipalityName, newNfsRequest } from './requests'

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
  publishAndWait(store, [{ type: 'invoices-changed', companyId, invoiceIds }])

/** The company asks for an invoice: a pending request in the accountant's queue. */
export function requestInvoice(
  store: Store,
  input: {
    company: Company
    request: z.output<typeof nfsRequestCreateSchema>
    by: string
  },
): NfsRequest {
  const { company, request: asked, by } = input
  assertIssuer(company, asked.cnpj)
  const request = newNfsRequest(
    {
      companyId: company.id,
      cnpj: asked.cnpj,
      totalValue: asked.totalValue,
      serviceDescription: asked.serviceDescription,
      serviceCode: serviceCodeOf(asked.taxationCode),
      taxationCode: asked.taxationCode,
      municipalityCode: asked.municipalityCode,
      municipalityName: municipalityName(asked.municipalityCode),
      issWithheld: asked.issWithheld,
      issTaxation: asked.issTaxation,
      immunityType: asked.issTaxation === 'immune' ? asked.immunityType : null,
      taker: asked.taker,
      date: asked.date ?? todayInBrazil(),
    },
    { by, at: new Date().toISOString() },
  )
  store.write(() => store.nfsRequests.insert(request))
  return request
}

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
