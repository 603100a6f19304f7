import type { SefinGateway } from '../sefin-gateway'
import type { NfseEngine } from './engine'
import { eventId } from '../../../formats/nfse/documents'
import type { EventFacts } from '../../../formats/nfse/reader'

// An event the Sefin Nacional returns (GET /nfse/{chave}/eventos/{tipo}/{seq}, or the answer to
// POST /nfse/{chave}/eventos) is applied only once it is verified as an NFS-e is (the NFS-e
// worker's `read-event` job, nfse/jobs.ts): valid against evento_v1.01.xsd, the Sefin's signature
// of `infEvento`, its signer chained to the configured anchors and the Sefin's own
// (formats/nfse/signer-trust.ts), and the very event asked for — the key, the type and the sequence, in its Id and in the
// request it registered. Otherwise the caller changes nothing and keeps the reason (pt-BR).

export const sefinEventMessages = {
  schema: (detail: string) =>
    `O evento que a Sefin Nacional respondeu não segue o leiaute nacional (evento_v1.01.xsd: ${detail}).`,
  signature: (reason: string) => `A assinatura da Sefin Nacional no evento não confere: ${reason}`,
  untrusted: (reason: string) => `O evento não veio assinado pela Sefin Nacional: ${reason}`,
  otherEvent: (id: string) =>
    `A Sefin Nacional respondeu outro evento (${id || 'sem Id'}) no lugar do pedido (chave, tipo ou sequência diferentes).`,
} as const

export type ExpectedEvent = { accessKey: string; type: string; sequence: number }
export type VerifiedEvent = { ok: true; event: EventFacts } | { ok: false; reason: string }

/** Verifies an event's XML as the one expected: its facts, or why it may not be applied. */
export async function verifiedEvent(
  deps: { nfse: Pick<NfseEngine, 'run'>; sefin: Pick<SefinGateway, 'trust'> },
  xml: string,
  expected: ExpectedEvent,
): Promise<VerifiedEvent> {
  const read = await deps.nfse.run({ kind: 'read-event', xml, trust: deps.sefin.trust() })
  if ('problems' in read) {
    const first = read.problems[0]
    const detail = first ? `${first.path.join('/') || 'documento'}: ${first.message}` : '—'
    return { ok: false, reason: sefinEventMessages.schema(detail) }
  }
  if (!read.signature.valid)
    return { ok: false, reason: sefinEventMessages.signature(read.signature.reason) }
  if (!read.trust.trusted)
    return { ok: false, reason: sefinEventMessages.untrusted(read.trust.reason) }
  const { event } = read
  const same =
    event.id === eventId(expected.accessKey, expected.type, expected.sequence) &&
    event.request.accessKey === expected.accessKey &&
    event.request.type === expected.type
  if (!same) return { ok: false, reason: sefinEventMessages.otherEvent(event.id) }
  return { ok: true, event }
}
