import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  buildCertificateAuthority,
  buildServerCertificate,
  rsaKeyPairAsync,
  type CertificatePems,
} from '../../mock-server/formats/nfse/certificates'
import { runJob } from '../../mock-server/domain/invoices/nfse/jobs'
import { unseal } from '../../mock-server/vault'
import { vaultKeyOf } from '../../mock-server/vault-key'
import { readCancellationRequest } from '../../mock-server/formats/nfse/reader'
import { validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { seededNational } from './contracts/nfse'
import { ADMIN, startTestServer, type TestServer } from './harness'

// The cancellation analysis past the deadline (mock-server/domain/invoices/nfse/
// cancellation-analysis.ts): inside the 30 days it is refused before sending; past them the
// e101103 is recorded, registered by the Sefin stand-in and left waiting; the municipality's
// answer (played by the test hook POST /__test/sefin-analysis) is learnt by the background
// check: granted cancels the request (it leaves the month), refused leaves it issued.
// A second analysis and a substitution are refused while it waits (Anexo I E0068).
// An answer that does not verify (a changed byte, a signer outside the configured anchors, or a
// signer of the same CA that is not the Sefin's — a company's e-CNPJ) is never applied: the
// analysis stays as it was, with the reason for the back office.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  // The checks run when a test asks (recover()): the background one, on its timer, could read
  // the municipality's answer between the answer and a test's change to it (a clean-clone run
  // applied an answer the test was about to re-sign outside the anchors).
  server.recovery.stop()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

const REASON = 'Serviço não foi prestado: o contrato foi desfeito antes do início'
const ask = (id: string, body: unknown = { code: '2', reason: REASON }) =>
  server.call('POST', `/nfs/requests/${id}/cancellation-analysis`, { as: ADMIN.email, body })
const answer = (key: string, verdict: 'granted' | 'refused') =>
  server.call(
    'POST',
    `/__test/sefin-analysis?key=${key}&answer=${verdict}&reason=${encodeURIComponent('Análise concluída pela fiscalização municipal')}`,
  )
const recover = () => server.call('POST', '/__test/sefin-recovery')

/** The seeded NFS-e made 40 days old, for the product and for the stand-in's registry. */
function pastDeadline() {
  const { request, accessKey } = seededNational()
  const at = new Date(Date.now() - 40 * 86_400_000).toISOString()
  server.store.write(() => {
    server.store.nfsRequests.update({ ...server.store.nfsRequests.get(request.id)!, issuedAt: at })
    server.store.sefinNfse.update({ ...server.store.sefinNfse.get(accessKey)!, processedAt: at })
  })
  return { id: request.id, accessKey }
}

const events = (accessKey: string) =>
  server.store.sefinEvents.find({ where: { accessKey } }).map((event) => event.type)

describe('POST /nfs/requests/{id}/cancellation-analysis', () => {
  it('inside the deadline: 409 pointing to the cancellation, nothing recorded or sent', async () => {
    const { request, accessKey } = seededNational()
    const refused = await ask(request.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(
      /ainda pode ser cancelada diretamente até \d{2}\/\d{2}\/\d{4}/,
    )
    expect(refused.body.message).toMatch(/Nada foi enviado à Receita\.$/)
    expect(server.store.nfsRequests.get(request.id)?.cancellationAnalysis).toBeNull()
    expect(events(accessKey)).toEqual([])
  })

  it('past it: e101103 registered and waiting; a second one and a substitution refused; granted → cancelled', async () => {
    const { id, accessKey } = pastDeadline()
    const requested = await ask(id)
    expect(requested.status, requested.text).toBe(200)
    expect(requested.body.data).toMatchObject({
      status: 'issued',
      cancellationAnalysis: { status: 'requested', code: '2', reason: REASON, sequence: 1 },
    })
    // The Sefin holds the provider's e101103, valid against the national event schema, and the
    // NFS-e is still active.
    const registered = server.store.sefinEvents.find({ where: { accessKey } })
    expect(registered.map((event) => event.type)).toEqual(['101103'])
    expect(validateAgainst('evento', registered[0]!.xml)).toEqual([])
    expect(readCancellationRequest(registered[0]!.xml)).toMatchObject({
      type: '101103',
      code: '2',
      reason: REASON,
      accessKey,
    })
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('active')

    // While it waits: a second one, a substitution and a cancellation are refused.
    expect((await ask(id)).status).toBe(409)
    const substitution = await server.call('POST', `/nfs/requests/${id}/substitute`, {
      as: ADMIN.email,
      body: { code: '01', reason: 'Empresa desenquadrada do Simples Nacional no mês' },
    })
    expect(substitution.status).toBe(409)
    expect(substitution.body.message).toMatch(/Anexo I, E0068/)
    expect(events(accessKey)).toEqual(['101103'])

    // Nothing to learn yet; then the municipality grants it.
    await recover()
    expect(server.store.nfsRequests.get(id)?.status).toBe('issued')
    expect((await answer(accessKey, 'granted')).status).toBe(200)
    await recover()
    const cancelled = server.store.nfsRequests.get(id)!
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellationCode: '2',
      cancellationReason: REASON,
      cancellationAnalysis: {
        status: 'granted',
        answer: 'Análise concluída pela fiscalização municipal',
      },
    })
    expect(cancelled.statusHistory.at(-1)).toMatchObject({ from: 'issued', to: 'cancelled' })
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('cancelled')
    expect(events(accessKey)).toEqual(['101103', '105104'])
    // Answered once: a second answer is refused by the Sefin (Anexo II E0853).
    const again = await answer(accessKey, 'granted')
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/^E0853/)
  })

  it('refused by the municipality: stays issued with the refusal; a new analysis may follow', async () => {
    const { id, accessKey } = pastDeadline()
    expect((await ask(id, { code: '9', reason: REASON })).status).toBe(200)
    expect((await answer(accessKey, 'refused')).status).toBe(200)
    await recover()
    expect(server.store.nfsRequests.get(id)).toMatchObject({
      status: 'issued',
      cancellationAnalysis: { status: 'refused', code: '9', sequence: 1 },
    })
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('active')
    const second = await ask(id, { code: '1', reason: REASON })
    expect(second.status, second.text).toBe(200)
    expect(second.body.data.cancellationAnalysis).toMatchObject({
      status: 'requested',
      sequence: 2,
    })
  })

  it('refuses a code outside 1, 2, 9 and a short reason in pt-BR; a client may not ask', async () => {
    const { id } = pastDeadline()
    const bad = await ask(id, { code: '3', reason: 'curto' })
    expect(bad.status).toBe(400)
    expect(bad.text).toMatch(/Escolha o motivo do cancelamento/)
    const client = await server.call('POST', `/nfs/requests/${id}/cancellation-analysis`, {
      as: 'ana@contabil.dev',
      body: { code: '2', reason: REASON },
    })
    expect(client.status).toBe(403)
    expect(server.store.nfsRequests.get(id)?.cancellationAnalysis).toBeNull()
  })
})

/** A CA that is not among the anchors, and a certificate it issued (drawn once). */
let outside: Promise<{ otherCa: string; impostor: CertificatePems }> | null = null
function outsideAnchors() {
  outside ??= Promise.all([rsaKeyPairAsync(), rsaKeyPairAsync()]).then((keys) => {
    const validity = {
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 86_400_000),
    }
    const otherCa = buildCertificateAuthority('AC Fora das Ancoras', validity, keys[0])
    const impostor = buildServerCertificate(otherCa, { name: 'NAO E A SEFIN' }, validity, keys[1])
    return { otherCa: otherCa.certificatePem, impostor }
  })
  return outside
}

describe('an answer of the municipality that does not verify', () => {
  /** The stand-in's stored e105104, as the product will read it. */
  async function granted() {
    const { id, accessKey } = pastDeadline()
    expect((await ask(id)).status).toBe(200)
    expect((await answer(accessKey, 'granted')).status).toBe(200)
    const stored = server.store.sefinEvents
      .find({ where: { accessKey } })
      .find((event) => event.type === '105104')!
    return { id, accessKey, stored }
  }
  const replaceEvent = (stored: { id: string }, xml: string) =>
    server.store.write(() =>
      server.store.sefinEvents.update({ ...server.store.sefinEvents.get(stored.id)!, xml }),
    )
  /** The request as the back office reads it. */
  const asAdmin = async (id: string) =>
    (await server.call('GET', `/nfs/requests/${id}`, { as: ADMIN.email })).body.data

  it('a changed byte: not applied, the reason kept; applied once the Sefin answers it intact', async () => {
    const { id, stored } = await granted()
    replaceEvent(stored, stored.xml.replace('fiscalização municipal', 'fiscalização estadual'))
    await recover()
    const held = await asAdmin(id)
    expect(held).toMatchObject({
      status: 'issued',
      cancellationAnalysis: { status: 'requested', answer: null, answeredAt: null },
    })
    expect(held.cancellationAnalysis.answerProblem).toMatch(
      /^A assinatura da Sefin Nacional no evento não confere: .+ Nada foi aplicado: a análise segue como estava/,
    )
    expect(server.store.nfsRequests.get(id)?.statusHistory.at(-1)?.to).not.toBe('cancelled')

    replaceEvent(stored, stored.xml)
    await recover()
    expect(server.store.nfsRequests.get(id)).toMatchObject({
      status: 'cancelled',
      cancellationAnalysis: { status: 'granted', answerProblem: null },
    })
  })

  /** The seeded company's own e-CNPJ: issued by the same test CA as the stand-in's certificate. */
  const companyCertificate = (id: string): CertificatePems => {
    const record = server.store.certificates.get(server.store.nfsRequests.get(id)!.companyId)!
    return {
      certificatePem: record.certificatePem,
      privateKeyPem: unseal(vaultKeyOf(server.config), record.privateKey),
    }
  }

  it.each([
    [
      'a certificate outside the anchors',
      async () => (await outsideAnchors()).impostor,
      /^O evento não veio assinado pela Sefin Nacional: O certificado do assinante não é de uma autoridade confiável/,
    ],
    [
      'the company’s own e-CNPJ (same CA, not the Sefin’s)',
      async (id: string) => companyCertificate(id),
      /^O evento não veio assinado pela Sefin Nacional: O certificado do assinante \(.+:\d{14}\) é de uma autoridade confiável, mas não é o da Sefin Nacional/,
    ],
  ])(
    'signed by %s: not applied',
    async (_, signer, reason) => {
      const { id, stored } = await granted()
      const impostor = await signer(id)
      const unsigned = stored.xml.replace(
        /<\/infEvento><Signature[\s\S]*<\/Signature>(?=<\/evento>)/,
        '</infEvento>',
      )
      expect(unsigned).not.toBe(stored.xml)
      const resigned = await runJob({
        kind: 'sign',
        schema: 'evento',
        element: 'infEvento',
        xml: unsigned,
        pems: impostor,
        profile: 'sefin',
      })
      if ('problems' in resigned) throw new Error(JSON.stringify(resigned.problems))
      replaceEvent(stored, resigned.signed)
      await recover()
      expect(server.store.nfsRequests.get(id)).toMatchObject({
        status: 'issued',
        cancellationAnalysis: {
          status: 'requested',
          answerProblem: expect.stringMatching(reason),
        },
      })
    },
    30_000,
  )
})

describe('the event a POST registers, signed outside the anchors', () => {
  // The product configured to trust another CA only (as MOCK_SEFIN_TRUSTED_CERTS would): the
  // stand-in's events no longer verify.
  const distrust = async () => {
    const { signer } = server.sefin.trust()
    const anchors = [(await outsideAnchors()).otherCa]
    return vi.spyOn(server.sefin, 'trust').mockReturnValue({ anchors, signer })
  }
  afterEach(() => vi.restoreAllMocks())

  it('the cancellation: 502 with the reason, kept unconfirmed, nothing filed; once trusted, cancelled', async () => {
    const { request } = seededNational()
    const documents = server.store.documents.count()
    await distrust()
    const answer = await server.call('POST', `/nfs/requests/${request.id}/cancel`, {
      as: ADMIN.email,
      body: { code: '2', reason: REASON },
    })
    expect(answer.status).toBe(502)
    expect(answer.body.message).toMatch(
      /^O evento não veio assinado pela Sefin Nacional: .+ O cancelamento foi enviado e ainda não está confirmado aqui/,
    )
    expect(server.store.nfsRequests.get(request.id)).toMatchObject({
      status: 'issued',
      cancelledAt: null,
      cancellationSending: { status: 'unconfirmed', problem: expect.stringMatching(/não veio/) },
    })
    expect(server.store.documents.count()).toBe(documents)
    // Still distrusted: the check learns nothing it may apply.
    await recover()
    expect(server.store.nfsRequests.get(request.id)?.status).toBe('issued')
    vi.restoreAllMocks()
    await recover()
    expect(server.store.nfsRequests.get(request.id)).toMatchObject({
      status: 'cancelled',
      cancellationSending: null,
    })
  }, 30_000)

  it('the analysis: left unconfirmed with the reason; once trusted, the check makes it requested at once', async () => {
    const { id } = pastDeadline()
    await distrust()
    const asked = await ask(id)
    expect(asked.status).toBe(502)
    expect(asked.body.message).toMatch(/^A Receita ainda não confirmou o pedido de análise fiscal/)
    expect(server.store.nfsRequests.get(id)?.cancellationAnalysis).toMatchObject({
      status: 'unconfirmed',
      answerProblem: expect.stringMatching(/^O evento não veio assinado pela Sefin Nacional/),
    })
    vi.restoreAllMocks()
    await recover()
    expect(server.store.nfsRequests.get(id)?.cancellationAnalysis).toMatchObject({
      status: 'requested',
      answerProblem: null,
    })
  }, 30_000)
})

// An analysis recorded `sending` by another server process on the same data folder (its POST may
// still be on its way: the Sefin may not hold the e101103 yet) is asked about only once no process
// can still be waiting for the answer — the rule of the reservations and cancellations
// (mock-server/domain/invoices/nfse/issuance.ts askableNow); asked earlier, it would be forgotten
// while the other process's POST registers it.
describe('the background check and an analysis another process is sending', () => {
  const sentBy = (id: string, requestedAt: Date) =>
    server.store.write(() => {
      const request = server.store.nfsRequests.get(id)!
      server.store.nfsRequests.update({
        ...request,
        cancellationAnalysis: {
          status: 'sending',
          code: '2',
          reason: REASON,
          requestedAt: requestedAt.toISOString(),
          sequence: 1,
          answeredAt: null,
          answer: null,
          answerProblem: null,
        },
      })
    })

  it('just sent: left alone (nothing asked of it is applied); past the client timeout + 5 s: asked, and forgotten when the Sefin has none', async () => {
    const { id, accessKey } = pastDeadline()
    sentBy(id, new Date())
    await recover()
    expect(server.store.nfsRequests.get(id)?.cancellationAnalysis).toMatchObject({
      status: 'sending',
      sequence: 1,
    })
    // A new analysis is still refused while it may be on its way.
    expect((await ask(id)).status).toBe(409)
    expect(events(accessKey)).toEqual([])

    // The harness's client gives up after 3 s: 8 s later no process waits for that answer.
    sentBy(id, new Date(Date.now() - 9_000))
    await recover()
    expect(server.store.nfsRequests.get(id)?.cancellationAnalysis).toBeNull()
    const requested = await ask(id)
    expect(requested.status, requested.text).toBe(200)
    expect(requested.body.data.cancellationAnalysis).toMatchObject({ status: 'requested' })
    expect(events(accessKey)).toEqual(['101103'])
  }, 30_000)
})
