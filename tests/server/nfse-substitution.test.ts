import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readNfse } from '../../mock-server/formats/nfse/reader'
import { validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { pdfText } from '../pdf-text'
import { seededNational } from './contracts/nfse'
import { ADMIN, signIn, startTestServer, type TestServer } from './harness'

// Substituting a national NFS-e through the API: a new request names the issued one, is issued at
// once with the DPS's `subst` group (the old key, the national code and reason); the old request
// becomes "substituted" pointing at the new one, the stand-in's registry marks the old NFS-e
// replaced, and a second substitution of it is refused.

const ANA = 'ana@contabil.dev'
const OWN = 'companyId=cmp-ana-design'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

/** The text of a request's DANFSe as its company downloads it. */
async function danfseText(id: string) {
  const response = await fetch(`${server.url}/nfs/requests/${id}/danfse?${OWN}`, {
    headers: { Authorization: `Bearer ${await signIn(ANA)}` },
  })
  expect(response.headers.get('content-type')).toBe('application/pdf')
  return pdfText(new Uint8Array(await response.arrayBuffer()))
}

const substitute = (id: string, body: unknown) =>
  server.call('POST', `/nfs/requests/${id}/substitute`, { as: ADMIN.email, body })

describe('POST /nfs/requests/{id}/substitute', () => {
  it('issues the new NFS-e with the old key in subst; the old one is substituted and linked', async () => {
    const { request: old, accessKey } = seededNational()
    const reason = 'Valor do serviço informado errado na nota original'
    const answer = await substitute(old.id, {
      code: '99',
      reason,
      totalValue: old.totalValue + 100,
      serviceDescription: 'Serviço de design gráfico — valor corrigido',
    })
    expect(answer.status, answer.text).toBe(200)
    const created = answer.body.data
    expect(created).toMatchObject({
      status: 'issued',
      substitutes: old.id,
      substitutionCode: '99',
      substitutionReason: reason,
      totalValue: old.totalValue + 100,
      serviceDescription: 'Serviço de design gráfico — valor corrigido',
      companyId: old.companyId,
    })
    expect(created.accessKey).not.toBe(accessKey)

    // The new NFS-e carries the DPS's subst group with the replaced key, and validates.
    const nfse = await server.call('GET', `/nfs/requests/${created.id}/nfse?${OWN}`, { as: ANA })
    expect(nfse.status).toBe(200)
    expect(validateAgainst('NFSe', nfse.text)).toEqual([])
    expect(readNfse(nfse.text).dps.substitution).toEqual({ accessKey, code: '99', reason })

    // The old request: substituted, pointing at the new one; the client reads it too.
    const replaced = await server.call('GET', `/nfs/requests/${old.id}?${OWN}`, { as: ANA })
    expect(replaced.body.data).toMatchObject({ status: 'substituted', substitutedBy: created.id })
    expect(replaced.body.data.statusHistory.at(-1)).toMatchObject({
      from: 'issued',
      to: 'substituted',
    })
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('substituted')

    // NT 008 item 2.5.2: the old one's DANFSe, downloaded after the substitution, is marked
    // "SUBSTITUÍDA", and so is the company's document of it; the new one's is not.
    const oldPdf = await danfseText(old.id)
    expect(oldPdf).toContain('SUBSTITUÍDA')
    expect(oldPdf).toContain(accessKey)
    const newPdf = await danfseText(created.id)
    expect(newPdf).not.toContain('SUBSTITUÍDA')
    expect(newPdf).toContain(`NFS-e Subst.: ${accessKey}`)
    const filed = replaced.body.data.issuedFiles.pdf
    expect(filed.fileName).toMatch(/-substituida\.pdf$/)
    expect(server.store.documents.get(filed.documentId)?.name).toMatch(/\(substituída\)$/)

    // Replaced once: neither a second substitution nor a cancellation of it.
    const again = await substitute(old.id, { code: '99', reason })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/substituir uma NFS-e emitida/)
    const cancel = await server.call('POST', `/nfs/requests/${old.id}/cancel`, {
      as: ADMIN.email,
      body: { code: '1', reason },
    })
    expect(cancel.status).toBe(409)
  })

  it('refuses a code or a reason outside the national lists in pt-BR, and leaves nothing behind', async () => {
    const { request: old } = seededNational()
    const before = server.store.nfsRequests.count()
    const code = await substitute(old.id, {
      code: '06',
      reason: 'Valor do serviço informado errado',
    })
    expect(code.status).toBe(400)
    expect(code.body.message).toBe('Escolha o motivo da substituição (01 a 05 ou 99).')
    const short = await substitute(old.id, { code: '99', reason: 'Valor errado' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Motivo precisa ter pelo menos 15 caracteres.')
    expect(server.store.nfsRequests.count()).toBe(before)
  })

  it('a cancelled NFS-e is not substituted (409), in the product as in the registry; nothing is left', async () => {
    const { request: old, accessKey } = seededNational()
    const reason = 'Serviço cancelado pelo cliente antes do início'
    expect(
      (
        await server.call('POST', `/nfs/requests/${old.id}/cancel`, {
          as: ADMIN.email,
          body: { code: '2', reason },
        })
      ).status,
    ).toBe(200)
    // The product refuses first (the request is no longer issued)…
    const refused = await substitute(old.id, { code: '99', reason })
    expect(refused.status).toBe(409)
    // The registry has it cancelled: the stand-in's own check is E0046 (rules.ts).
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('cancelled')
    expect(
      server.store.nfsRequests
        .find({ where: { companyId: old.companyId } })
        .filter((request) => request.substitutes === old.id),
    ).toEqual([])
  })

  it('past the 30-day deadline: substitution (but 01/02) and cancellation refused before sending, naming the rule and the day; nothing saved or sent', async () => {
    const { request: old, accessKey } = seededNational()
    // Issued 40 days ago for the product; the stand-in's registry still has it recent, so only
    // the product's own check can refuse it (nothing reaches the Sefin).
    const issuedAt = new Date(Date.now() - 40 * 86_400_000).toISOString()
    const stored = server.store.nfsRequests.get(old.id)!
    server.store.write(() => server.store.nfsRequests.update({ ...stored, issuedAt }))
    const deadline = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(Date.parse(issuedAt) + 30 * 86_400_000),
    )
    const requests = server.store.nfsRequests.count()
    const sent = server.store.sefinNfse.count() + server.store.sefinEvents.count()
    const reason = 'Valor do serviço informado errado na nota original'

    const substitution = await substitute(old.id, { code: '99', reason })
    expect(substitution.status).toBe(409)
    expect(substitution.body.message).toBe(
      `O prazo para substituir esta NFS-e terminou em ${deadline} (30 dias da emissão; Anexo I, E0050): depois dele, só se substitui por desenquadramento ou enquadramento no Simples Nacional (motivos 01 e 02). Nada foi enviado à Receita.`,
    )
    const cancellation = await server.call('POST', `/nfs/requests/${old.id}/cancel`, {
      as: ADMIN.email,
      body: { code: '1', reason },
    })
    expect(cancellation.status).toBe(409)
    expect(cancellation.body.message).toBe(
      `O prazo para cancelar esta NFS-e terminou em ${deadline} (30 dias da emissão; Anexo II, E0822): depois dele, o cancelamento só pode ser pedido ao município como análise fiscal (evento e101103). Nada foi enviado à Receita.`,
    )
    expect(server.store.nfsRequests.count()).toBe(requests)
    expect(server.store.sefinNfse.count() + server.store.sefinEvents.count()).toBe(sent)
    expect(server.store.nfsRequests.get(old.id)).toMatchObject({ status: 'issued' })
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('active')

    // Leaving the Simples Nacional (01) substitutes past the deadline (Anexo I, E0050).
    const simples = await substitute(old.id, {
      code: '01',
      reason: 'Empresa desenquadrada do Simples Nacional no mês',
    })
    expect(simples.status, simples.text).toBe(200)
    expect(simples.body.data).toMatchObject({ status: 'issued', substitutes: old.id })
  })
})
