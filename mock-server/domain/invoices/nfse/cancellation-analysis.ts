import { nfseCancellationCodeLabels, type NfseCancel } from '../../../../src/schemas/nfse'
import type { NfsRequest } from '../../../../src/schemas/invoice'
import { nfsRequestNext } from '../../../../src/machines/nfs-request'
import { conflict } from '../../errors'
import { cancellationPastDeadline, NFSE_CHANGE_DEADLINE_DAYS } from '../dps-rules'
import {
  ANALYSIS_GRANTED_EVENT,
  ANALYSIS_REFUSED_EVENT,
  buildCancellationAnalysisRequest,
  CANCELLATION_ANALYSIS_EVENT,
} from '../../../formats/nfse/documents'
import {
  analysisPending,
  askableNow,
  awaitingConfirmation,
  cancellationUnsettled,
  deadlineOf,
  inCompanyOrder,
  inRequestOrder,
  issuanceMessages,
  recheckSoon,
  refusal,
  requestOf,
  signedCancellationRequest,
  signingPems,
  type IssuanceDeps,
} from './issuance'
import { verifiedEvent, type ExpectedEvent } from './sefin-events'
import { SefinUnknownOutcome } from './sefin-client'

// The cancellation analysis past the deadline (event e101103, tiposEventos_v1.01.xsd): after the
// 30 days of domain/invoices/dps-rules.ts an NFS-e is no longer cancelled by its provider but
// asked of the municipality, who answers with e105104 (granted: the NFS-e cancelled) or e105105
// (refused). The request is recorded ("sending") before it is sent, "unconfirmed" when its answer
// is lost or does not verify, "requested" once the Sefin registered it; the background check
// (domain/invoices/recovery.ts) asks about it by the rule of the reservations and cancellations
// (nfse/issuance.ts askableNow) and learns the municipality's answer.
// While it waits, the NFS-e is neither cancelled nor substituted (Anexo I, E0068).

export const analysisMessages = {
  notIssued: (status: NfsRequest['status']) =>
    `Só se pede análise fiscal de uma NFS-e emitida (esta está "${status}").`,
  manual:
    'Esta NFS-e foi emitida fora do Sistema Nacional: peça o cancelamento no emissor do município.',
  insideDeadline: (deadline: string) =>
    `A NFS-e ainda pode ser cancelada diretamente até ${deadline} (${NFSE_CHANGE_DEADLINE_DAYS} dias da emissão): use "Cancelar NFS-e". A análise fiscal do município é só para depois do prazo. Nada foi enviado à Receita.`,
  pending:
    'Já há uma análise fiscal para cancelamento desta NFS-e aguardando o município (Anexo II, E0848). Nada foi enviado à Receita.',
  unconfirmed:
    'A Receita ainda não confirmou o pedido de análise fiscal; conferimos em instantes e a situação aparece aqui. Nada será pedido duas vezes.',
  unapplied: (reason: string) =>
    `${reason} Nada foi aplicado: a análise segue como estava e conferimos de novo em instantes.`,
} as const

/**
 * Asks the municipality to analyse the cancellation of an issued NFS-e past its deadline
 * (e101103 with the national code and reason), signed with the company's certificate.
 */
export function requestCancellationAnalysis(
  deps: IssuanceDeps,
  input: NfseCancel & { requestId: string; by: string; now?: () => Date },
): Promise<NfsRequest> {
  return inRequestOrder(deps.store, input, async (request, now) => {
    const { store } = deps
    if (!request.accessKey) throw conflict(analysisMessages.manual)
    if (request.status !== 'issued') throw conflict(analysisMessages.notIssued(request.status))
    if (analysisPending(request)) throw conflict(analysisMessages.pending)
    if (cancellationUnsettled(request)) throw conflict(issuanceMessages.cancellationUnsettled)
    if (!request.issuedAt || !cancellationPastDeadline(request.issuedAt, now))
      throw conflict(
        analysisMessages.insideDeadline(deadlineOf(request.issuedAt ?? now.toISOString())),
      )
    const accessKey = request.accessKey
    const { pems, signed } = await signedCancellationRequest(
      deps,
      { ...request, accessKey },
      input,
      now,
      buildCancellationAnalysisRequest,
    )
    const at = now.toISOString()
    const before = request.cancellationAnalysis
    // Recorded before it is sent: an answer lost is asked about, never sent twice.
    const sending = store.write(() => {
      const current = requestOf(store, request.id)
      if (current.status !== 'issued' || analysisPending(current))
        throw conflict(analysisMessages.pending)
      const next: NfsRequest = {
        ...current,
        cancellationAnalysis: {
          status: 'sending',
          code: input.code,
          reason: input.reason,
          requestedAt: at,
          sequence: (before?.sequence ?? 0) + 1,
          answeredAt: null,
          answer: null,
          answerProblem: null,
        },
        updatedAt: at,
      }
      store.nfsRequests.update(next)
      return next
    })
    const outcome = await (
      await deps.sefin.clientFor(pems)
    )
      .registerEvent(accessKey, signed.signed)
      .catch((error: unknown) => {
        // Unconfirmed: the background check asks the Sefin whether it registered it.
        if (error instanceof SefinUnknownOutcome) {
          leftUnconfirmed(deps, sending, at)
          throw awaitingConfirmation(analysisMessages.unconfirmed)
        }
        throw error
      })
    if (!outcome.ok) {
      setAnalysis(deps, sending.id, 'sending', before, at)
      throw refusal(outcome.errors)
    }
    // The event the Sefin registered, verified: otherwise unconfirmed, for the check to ask.
    const expected = {
      accessKey,
      type: CANCELLATION_ANALYSIS_EVENT,
      sequence: sending.cancellationAnalysis!.sequence,
    }
    const registered = await verifiedEvent(deps, outcome.value, expected)
    if (!registered.ok) {
      unapplied(deps, sending, expected, registered.reason, at)
      recheckSoon(store)
      throw awaitingConfirmation(analysisMessages.unconfirmed)
    }
    return (
      setAnalysis(
        deps,
        sending.id,
        'sending',
        { ...sending.cancellationAnalysis!, status: 'requested', answerProblem: null },
        at,
      ) ?? requestOf(store, sending.id)
    )
  })
}

type Analysis = NonNullable<NfsRequest['cancellationAnalysis']>

/** Moves a request's analysis on, only from the status it was read in (a fresh read). */
function setAnalysis(
  deps: IssuanceDeps,
  requestId: string,
  from: Analysis['status'],
  analysis: NfsRequest['cancellationAnalysis'],
  at: string,
  cancelled?: { by: string },
): NfsRequest | null {
  return deps.store.write(() => {
    const current = deps.store.nfsRequests.get(requestId)
    if (!current || current.cancellationAnalysis?.status !== from) return null
    let next: NfsRequest = { ...current, cancellationAnalysis: analysis, updatedAt: at }
    if (cancelled && analysis) {
      const to = nfsRequestNext(current.status, 'cancel')
      if (to !== 'cancelled') return null
      const label = nfseCancellationCodeLabels[analysis.code]
      next = {
        ...next,
        status: 'cancelled',
        cancelledAt: at,
        cancellationCode: analysis.code,
        cancellationReason: analysis.reason,
        statusHistory: [
          ...current.statusHistory,
          {
            from: current.status,
            to: 'cancelled',
            at,
            by: cancelled.by,
            reason: `Análise fiscal deferida pelo município — ${label}: ${analysis.reason}`,
          },
        ],
      }
    }
    deps.store.nfsRequests.update(next)
    return next
  })
}

/** An analysis sent whose answer was lost: unconfirmed, and the check asked to run soon. */
function leftUnconfirmed(deps: IssuanceDeps, sending: NfsRequest, at: string) {
  const analysis = sending.cancellationAnalysis!
  setAnalysis(deps, sending.id, 'sending', { ...analysis, status: 'unconfirmed' }, at)
  recheckSoon(deps.store)
}

/**
 * The background check of the analyses: one sent without an answer is asked about once no
 * process may still be sending it (nfse/issuance.ts askableNow; its e101103 registered →
 * requested, absent → forgotten, to be asked again); one requested learns the
 * municipality's answer (e105104 → the request cancelled; e105105 → refused, it stays issued).
 * Every event is applied only once verified (nfse/sefin-events.ts). Returns the requests it
 * changed.
 */
export async function checkAnalyses(
  deps: IssuanceDeps,
  now: Date = new Date(),
): Promise<NfsRequest[]> {
  const changed: NfsRequest[] = []
  const waiting = deps.store.nfsRequests
    .find({ where: { withSefin: 1 } })
    .filter((request) => analysisPending(request) && request.accessKey)
  for (const listed of waiting) {
    // In the company's order, from a fresh read: never while this process is sending it (a
    // `sending` one asked about then could be forgotten before the POST's answer arrives).
    await inCompanyOrder(listed.companyId, async () => {
      const request = deps.store.nfsRequests.get(listed.id)
      if (!request?.accessKey || request.status !== 'issued' || !analysisPending(request)) return
      const analysis = request.cancellationAnalysis!
      const pems = signingPems(deps, request.companyId)
      if (!pems) return
      const at = now.toISOString()
      try {
        const client = await deps.sefin.clientFor(pems)
        const key = request.accessKey!
        const sequence = analysis.sequence
        if (analysis.status === 'sending' || analysis.status === 'unconfirmed') {
          if (
            !askableNow(deps.config, { status: analysis.status, sentAt: analysis.requestedAt }, now)
          )
            return
          const expected = { accessKey: key, type: CANCELLATION_ANALYSIS_EVENT, sequence }
          const xml = await client.event(key, CANCELLATION_ANALYSIS_EVENT, sequence)
          const registered = xml ? await verifiedEvent(deps, xml, expected) : null
          if (registered && !registered.ok) {
            unapplied(deps, request, expected, registered.reason, at)
            return
          }
          const next = setAnalysis(
            deps,
            request.id,
            analysis.status,
            registered ? { ...analysis, status: 'requested', answerProblem: null } : null,
            at,
          )
          if (next) changed.push(next)
          return
        }
        for (const [type, granted] of [
          [ANALYSIS_GRANTED_EVENT, true],
          [ANALYSIS_REFUSED_EVENT, false],
        ] as const) {
          const xml = await client.event(key, type, sequence)
          if (!xml) continue
          const expected = { accessKey: key, type, sequence }
          const answer = await verifiedEvent(deps, xml, expected)
          if (!answer.ok) {
            unapplied(deps, request, expected, answer.reason, at)
            break
          }
          const next = setAnalysis(
            deps,
            request.id,
            'requested',
            {
              ...analysis,
              status: granted ? 'granted' : 'refused',
              answeredAt: at,
              answer: answer.event.request.reason,
              answerProblem: null,
            },
            at,
            granted ? { by: 'Município' } : undefined,
          )
          if (next) changed.push(next)
          break
        }
      } catch (error) {
        if (!(error instanceof SefinUnknownOutcome)) throw error
      }
    })
  }
  return changed
}

/**
 * An event the Sefin returned for an analysis that did not verify: nothing of it is applied (the
 * analysis stays where it was — one being sent becomes unconfirmed — to be asked again by the
 * next check); the reason is logged and kept on the analysis for the back office.
 */
function unapplied(
  deps: IssuanceDeps,
  request: NfsRequest,
  expected: ExpectedEvent,
  reason: string,
  at: string,
) {
  const problem = analysisMessages.unapplied(reason)
  console.warn(
    `[nfse] Evento e${expected.type} nº ${expected.sequence} da NFS-e ${expected.accessKey} não aplicado: ${reason}`,
  )
  deps.store.write(() => {
    const current = deps.store.nfsRequests.get(request.id)
    const analysis = current?.cancellationAnalysis
    if (!current || !analysis || analysis.status !== request.cancellationAnalysis?.status) return
    const status = analysis.status === 'sending' ? 'unconfirmed' : analysis.status
    if (analysis.answerProblem === problem && analysis.status === status) return
    deps.store.nfsRequests.update({
      ...current,
      cancellationAnalysis: { ...analysis, status, answerProblem: problem },
      updatedAt: at,
    })
  })
}
