import { promises as fs } from 'node:fs'
import type { NfsRequest } from '../../../../src/schemas/invoice'
import { nfseCancellationCodeLabels, type NfseCancel } from '../../../../src/schemas/nfse'
import { nfsRequestNext } from '../../../../src/machines/nfs-request'
import { filePath } from '../../../store/files'
import { conflict, DomainError } from '../../errors'
import { cancellationPastDeadline } from '../dps-rules'
import { buildCancellationRequest, CANCELLATION_EVENT } from '../../../formats/nfse/documents'
import {
  analysisPending,
  askableNow,
  awaitingConfirmation,
  cancellationUnsettled,
  danfseJobOf,
  deadlineOf,
  inCompanyOrder,
  inRequestOrder,
  issuanceMessages,
  MARKED_SUFFIX,
  nfseDocumentOf,
  nfseXmlOf,
  recheckSoon,
  refusal,
  removeFiles,
  requestOf,
  restampDanfse,
  signedCancellationRequest,
  signingPems,
  writeCompanyFile,
  type IssuanceDeps,
} from './issuance'
import { SefinUnknownOutcome } from './sefin-client'
import { verifiedEvent } from './sefin-events'

// The cancellation of an NFS-e (event e101101, a key's one: sequence 1). It is recorded on the
// request (`cancellationSending`, src/schemas/invoice.ts) before it is sent, as an issuance's DPS
// number is: the Sefin may register it and its answer be lost, or not verify (nfse/
// sefin-events.ts) — then the NFS-e is cancelled there and must not stay "issued" here, nor be
// cancelled twice. The request is cancelled only with the Sefin's event verified: from the answer
// to the POST, or from the background check (domain/invoices/recovery.ts), which asks the Sefin
// for the event (`GET /nfse/{chave}/eventos/101101/1`) and settles it — cancelled, or the record
// cleared when the Sefin registered none. While it is unsettled, nothing else changes the NFS-e.

export const cancellationMessages = {
  unconfirmed: (number: number | null) =>
    `A Receita ainda não confirmou o cancelamento da NFS-e${number ? ` nº ${number}` : ''}; conferimos em instantes e a situação aparece aqui. Nada será enviado duas vezes.`,
  unverified: (reason: string) =>
    `${reason} O cancelamento foi enviado e ainda não está confirmado aqui: a NFS-e aparece como emitida até conferirmos com a Sefin Nacional, em instantes. Não peça de novo.`,
  notRegistered:
    'A Sefin Nacional não registrou o cancelamento: a NFS-e segue emitida e pode ser cancelada de novo.',
} as const

type Sending = NonNullable<NfsRequest['cancellationSending']>

/**
 * Cancels a request's NFS-e (event e101101, with the national code and reason): the request is
 * cancelled, the event filed and the DANFSe drawn again stamped "CANCELADA". A refusal of the
 * national system changes nothing; an answer lost or not verifiable leaves the cancellation
 * recorded as unconfirmed (502), for the background check to settle.
 */
export function cancelRequest(
  deps: IssuanceDeps,
  input: NfseCancel & { requestId: string; by: string; now?: () => Date },
): Promise<NfsRequest> {
  return inRequestOrder(deps.store, input, async (request, now) => {
    const { store } = deps
    if (request.status !== 'issued') throw conflict(issuanceMessages.notCancellable(request.status))
    if (!request.accessKey) throw conflict(issuanceMessages.manual)
    if (cancellationUnsettled(request)) throw conflict(issuanceMessages.cancellationUnsettled)
    if (analysisPending(request)) throw conflict(issuanceMessages.analysisPending)
    // Checked before anything is signed or sent: the Sefin would refuse it (E0822).
    if (request.issuedAt && cancellationPastDeadline(request.issuedAt, now))
      throw conflict(issuanceMessages.cancellationPastDeadline(deadlineOf(request.issuedAt)))
    const accessKey = request.accessKey
    const { pems, signed } = await signedCancellationRequest(
      deps,
      { ...request, accessKey },
      input,
      now,
      buildCancellationRequest,
    )
    // Read before anything is sent: the cancelled DANFSe is drawn from it.
    const nfseXml = await nfseXmlOf(deps, request)
    const sending: Sending = {
      status: 'sending',
      code: input.code,
      reason: input.reason,
      requestedAt: now.toISOString(),
      by: input.by,
      problem: null,
    }
    store.write(() => {
      // A fresh read: cancelled, substituted or sent by someone else meanwhile.
      const current = requestOf(store, request.id)
      if (current.status !== 'issued' || cancellationUnsettled(current) || analysisPending(current))
        throw conflict(issuanceMessages.moved)
      store.nfsRequests.update({
        ...current,
        cancellationSending: sending,
        updatedAt: sending.requestedAt,
      })
    })
    const outcome = await (
      await deps.sefin.clientFor(pems)
    )
      .registerEvent(accessKey, signed.signed)
      .catch((error: unknown) => {
        // Whether the Sefin registered it is unknown: the check asks.
        if (error instanceof SefinUnknownOutcome) {
          unconfirmed(deps, request.id, sending, accessKey, `sem resposta (${error.why})`, null)
          throw awaitingConfirmation(cancellationMessages.unconfirmed(request.number))
        }
        settle(deps, request.id, sending, null)
        throw error
      })
    // Refused: nothing was registered, nothing changes.
    if (!outcome.ok) {
      settle(deps, request.id, sending, null)
      throw refusal(outcome.errors)
    }
    // Applied only once verified as the Sefin's (nfse/sefin-events.ts).
    const registered = await verifiedEvent(deps, outcome.value, expectedOf(accessKey))
    if (!registered.ok) {
      unconfirmed(deps, request.id, sending, accessKey, registered.reason, registered.reason)
      throw awaitingConfirmation(cancellationMessages.unverified(registered.reason))
    }
    return applyCancellation(deps, request.id, sending, outcome.value, nfseXml).catch(
      (error: unknown) => {
        // Registered and verified, not recorded here: the check applies it again.
        unconfirmed(deps, request.id, sending, accessKey, String(error), null)
        throw error
      },
    )
  })
}

const expectedOf = (accessKey: string) => ({ accessKey, type: CANCELLATION_EVENT, sequence: 1 })

/** Moves the record on (`next`, or cleared), only while it is still the one sent (a fresh read). */
function settle(deps: IssuanceDeps, requestId: string, sent: Sending, next: Sending | null) {
  return deps.store.write(() => {
    const current = deps.store.nfsRequests.get(requestId)
    if (!current || current.cancellationSending?.requestedAt !== sent.requestedAt) return null
    const updated: NfsRequest = {
      ...current,
      cancellationSending: next,
      updatedAt: new Date().toISOString(),
    }
    deps.store.nfsRequests.update(updated)
    return updated
  })
}

/**
 * Sent, and not settled by what the Sefin answered: kept for the background check with the
 * reason (asked to run soon after a POST; the check itself asks again at its next interval).
 */
function unconfirmed(
  deps: IssuanceDeps,
  requestId: string,
  sent: Sending,
  accessKey: string,
  why: string,
  problem: string | null,
  recheck = true,
) {
  console.warn(`[nfse] Cancelamento da NFS-e ${accessKey} não confirmado: ${why}`)
  if (sent.status !== 'unconfirmed' || sent.problem !== problem)
    settle(deps, requestId, sent, { ...sent, status: 'unconfirmed', problem })
  if (recheck) recheckSoon(deps.store)
}

/**
 * The Sefin registered the cancellation (its event verified): the request cancelled with the
 * code and reason sent, the event filed as the company's document and the DANFSe drawn again
 * stamped "CANCELADA" — in one write, from a fresh read of the request.
 */
async function applyCancellation(
  deps: IssuanceDeps,
  requestId: string,
  sent: Sending,
  eventXml: string,
  nfseXml?: string,
): Promise<NfsRequest> {
  const { store, config } = deps
  const request = requestOf(store, requestId)
  const accessKey = request.accessKey!
  const at = sent.requestedAt
  const asCancelled: NfsRequest = {
    ...request,
    status: 'cancelled',
    cancelledAt: at,
    cancellationCode: sent.code,
    cancellationReason: sent.reason,
  }
  const pdf = await deps.nfse.run(
    danfseJobOf(config, asCancelled, nfseXml ?? (await nfseXmlOf(deps, request))),
  )
  const number = request.number
  const codeLabel = nfseCancellationCodeLabels[sent.code]
  const eventName = `nfse-${number}-${accessKey}-cancelamento.xml`
  const pdfName = `danfse-${number}-${accessKey}${MARKED_SUFFIX.cancelled}`
  const files = [
    await writeCompanyFile(config, request.companyId, eventName, eventXml),
    await writeCompanyFile(config, request.companyId, pdfName, pdf),
  ]
  const previousPdf = request.issuedFiles?.pdf
  try {
    const cancelled = store.write(() => {
      const current = requestOf(store, request.id)
      if (
        current.cancellationSending?.requestedAt !== sent.requestedAt ||
        nfsRequestNext(current.status, 'cancel') !== 'cancelled'
      )
        throw conflict(issuanceMessages.moved)
      store.documents.insert(
        nfseDocumentOf(current, eventName, `Cancelamento da NFS-e nº ${number} (XML)`, sent.by, at),
      )
      // The DANFSe document now holds the cancelled one.
      const pdf = restampDanfse(
        store,
        current,
        pdfName,
        `DANFSe da NFS-e nº ${number} (cancelada)`,
        sent.by,
        at,
      )
      const next: NfsRequest = {
        ...current,
        status: 'cancelled',
        cancelledAt: at,
        cancellationCode: sent.code,
        cancellationReason: sent.reason,
        cancellationSending: null,
        issuedFiles: { pdf, xml: current.issuedFiles?.xml ?? null },
        statusHistory: [
          ...current.statusHistory,
          {
            from: current.status,
            to: 'cancelled',
            at,
            by: sent.by,
            reason: `${codeLabel}: ${sent.reason}`,
          },
        ],
        updatedAt: new Date().toISOString(),
      }
      store.nfsRequests.update(next)
      return next
    })
    // The DANFSe before the cancellation is no one's document any more.
    if (previousPdf && previousPdf.fileName !== pdfName)
      await fs.rm(filePath(config, request.companyId, previousPdf.fileName).file, { force: true })
    return cancelled
  } catch (error) {
    await removeFiles(files)
    throw error
  }
}

/**
 * Asks the Sefin for a request's unsettled cancellation and settles it: its event verified → the
 * request cancelled; none registered → the record cleared (the NFS-e stays issued); otherwise
 * (unreachable, or an event that does not verify) left for the next check, with the reason.
 */
async function settleCancellation(
  deps: IssuanceDeps,
  requestId: string,
  now: Date,
): Promise<NfsRequest | null> {
  const request = deps.store.nfsRequests.get(requestId)
  const sent = request?.cancellationSending
  if (!request?.accessKey || !sent || request.status !== 'issued') return null
  // Not one another process may still be sending (domain/invoices/nfse/issuance.ts askableNow).
  if (!askableNow(deps.config, { status: sent.status, sentAt: sent.requestedAt }, now)) return null
  const pems = signingPems(deps, request.companyId)
  if (!pems) return null
  const accessKey = request.accessKey
  const xml = await (await deps.sefin.clientFor(pems)).event(accessKey, CANCELLATION_EVENT, 1)
  if (xml === null) {
    console.warn(`[nfse] NFS-e ${accessKey}: ${cancellationMessages.notRegistered}`)
    return settle(deps, request.id, sent, null)
  }
  const registered = await verifiedEvent(deps, xml, expectedOf(accessKey))
  if (!registered.ok) {
    unconfirmed(deps, request.id, sent, accessKey, registered.reason, registered.reason, false)
    return null
  }
  return applyCancellation(deps, request.id, sent, xml)
}

/**
 * The background check of cancellations sent and unsettled (domain/invoices/recovery.ts): each
 * asked about at the Sefin, one after another in its company's order. Returns the requests it
 * changed.
 */
export async function checkCancellations(
  deps: IssuanceDeps,
  now: Date = new Date(),
): Promise<NfsRequest[]> {
  const changed: NfsRequest[] = []
  const waiting = deps.store.nfsRequests
    .find({ where: { withSefin: 1 } })
    .filter((request) => request.cancellationSending && request.accessKey)
  for (const request of waiting) {
    try {
      const settled = await inCompanyOrder(request.companyId, () =>
        settleCancellation(deps, request.id, now),
      )
      if (settled) changed.push(settled)
    } catch (error) {
      // Unreachable, or moved meanwhile: the next check asks again.
      if (error instanceof SefinUnknownOutcome) continue
      if (error instanceof DomainError && error.kind === 'conflict') continue
      throw error
    }
  }
  return changed
}
