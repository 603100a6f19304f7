import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { inviteMessages } from '../../src/schemas/engagement'
import { signIn, startTestServer, verifyEmailByLink, type TestServer } from './harness'

// Invites, referrals and the Duca partner program.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ANA = 'ana@contabil.dev'
const ADMIN = 'admin@contabil.dev'
const CRISTINA = 'cristina.moraes.consultoria@gmail.com'

describe('invites', () => {
  it("lists a company's invites with their status as of now (a pending one past its date is expired)", async () => {
    const ana = await server.call('GET', '/invites?companyId=cmp-ana-design', { as: ANA })
    expect(ana.body.data.map((i: { id: string; status: string }) => `${i.id}:${i.status}`)).toEqual(
      [
        'inv-ana-cristina:pending',
        'inv-ana-joao:pending',
        'inv-ana-marina:revoked',
        'inv-ana-felipe:accepted',
      ],
    )
    const eva = await server.call('GET', '/invites?companyId=cmp-eva-comercio', {
      as: 'eva@contabil.dev',
    })
    expect(eva.body.data[0]).toMatchObject({ id: 'inv-eva-gabriel', status: 'expired' })
  })

  it('invites by e-mail, once, and never someone who already has access', async () => {
    const created = await server.call('POST', '/invites?companyId=cmp-ana-design', {
      as: ANA,
      body: { email: 'Rafaela.Monteiro@gmail.com' },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      email: 'rafaela.monteiro@gmail.com',
      status: 'pending',
      invitedByName: 'Ana Paula Ribeiro',
    })
    const days =
      (Date.parse(created.body.data.expiresAt) - Date.parse(created.body.data.createdAt)) /
      86_400_000
    expect(days).toBe(30)
    const twice = await server.call('POST', '/invites?companyId=cmp-ana-design', {
      as: ANA,
      body: { email: 'rafaela.monteiro@gmail.com' },
    })
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'Já existe um convite pendente para este e-mail nesta empresa.' },
    })
    const member = await server.call('POST', '/invites?companyId=cmp-ana-design', {
      as: ANA,
      body: { email: 'felipe.ribeiro.adm@gmail.com' },
    })
    expect(member.body.message).toBe('Esta pessoa já tem acesso à empresa.')
    const self = await server.call('POST', '/invites?companyId=cmp-ana-design', {
      as: ANA,
      body: { email: ANA },
    })
    expect(self.body.message).toBe('Você já tem acesso a esta empresa.')
  })

  it('revokes a pending invite, once', async () => {
    const res = await server.call('DELETE', '/invites/inv-ana-joao?companyId=cmp-ana-design', {
      as: ANA,
    })
    expect(res.body.data).toMatchObject({ status: 'revoked' })
    expect(
      (await server.call('DELETE', '/invites/inv-ana-joao?companyId=cmp-ana-design', { as: ANA }))
        .status,
    ).toBe(409)
    // An invite of another company is not found through this one.
    expect(
      (
        await server.call('DELETE', '/invites/inv-eva-gabriel?companyId=cmp-ana-design', {
          as: ANA,
        })
      ).status,
    ).toBe(404)
  })

  it('accepting adds the company to the invitee’s claims', async () => {
    const received = await server.call('GET', '/invites/received', { as: CRISTINA })
    expect(received.body.data.map((i: { id: string }) => i.id)).toEqual(['inv-ana-cristina'])
    const wrong = await server.call('POST', '/invites/inv-ana-cristina/accept', {
      as: 'bruno@contabil.dev',
    })
    expect(wrong).toMatchObject({
      status: 403,
      body: { message: 'Este convite não foi enviado para o seu e-mail.' },
    })
    const ok = await server.call('POST', '/invites/inv-ana-cristina/accept', { as: CRISTINA })
    expect(ok.body.data).toMatchObject({ status: 'accepted', acceptedBy: 'uid-cristina' })
    const token = await signIn(CRISTINA)
    expect((await server.call('GET', '/companies/cmp-ana-design', { token })).status).toBe(200)
    expect((await server.call('POST', '/invites/inv-ana-cristina/accept', { token })).status).toBe(
      409,
    )
  })

  it('is accepted only with a verified e-mail (the identity service says so, not the token)', async () => {
    // Anyone can sign up with any address: signing up with the invited one proves nothing yet.
    const email = 'rafaela.monteiro@gmail.com'
    const password = 'Convite2026'
    const signedUp = await server.call('POST', '/users', {
      body: {
        name: 'Rafaela Monteiro',
        email,
        password,
        phone: '+55 (11) 95555-4444',
        trackId: 'create-company',
      },
    })
    expect(signedUp.status, signedUp.text).toBe(201)
    const invited = await server.call('POST', '/invites?companyId=cmp-ana-design', {
      as: ANA,
      body: { email },
    })
    const id: string = invited.body.data.id
    const token = await signIn(email, password)
    const refused = await server.call('POST', `/invites/${id}/accept`, { token })
    expect(refused).toMatchObject({
      status: 403,
      body: { message: inviteMessages.emailNotVerified },
    })
    expect(server.store.byId('invites', id)!.status).toBe('pending')
    expect((await server.call('GET', '/companies/cmp-ana-design', { token })).status).toBe(403)

    // She opens the link the identity service sent her; the same token now accepts.
    await verifyEmailByLink(email, token)
    const accepted = await server.call('POST', `/invites/${id}/accept`, { token })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.body.data).toMatchObject({
      status: 'accepted',
      acceptedBy: signedUp.body.data.id,
    })
  })

  it('refuses an expired invite', async () => {
    const token = await signIn('gabriel.slima@gmail.com', 'Cliente#2026').catch(() => null)
    // Gabriel has no account: the check is on the invite itself.
    expect(token).toBeNull()
    const invite = server.store.byId('invites', 'inv-eva-gabriel')!
    invite.email = CRISTINA
    server.store.write(() => server.store.invites.update(invite))
    const res = await server.call('POST', '/invites/inv-eva-gabriel/accept', { as: CRISTINA })
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Este convite expirou. Peça um novo convite.' },
    })
  })
})

describe('referrals', () => {
  it("answers the caller's code, link and totals, and the people referred with their rewards", async () => {
    const me = await server.call('GET', '/referrals/me', { as: ANA })
    expect(me.body.data).toEqual({
      code: 'ANA5847',
      link: 'http://localhost:5173/abrir-empresa?indicacao=ANA5847',
      rewardPerReferral: 50,
      totals: { referred: 4, pending: 2, available: 50, redeemed: 50 },
    })
    const list = await server.call('GET', '/referrals', { as: ANA })
    expect(
      list.body.data.map(
        (r: { name: string; reward: { status: string } }) => `${r.name}:${r.reward.status}`,
      ),
    ).toEqual([
      'Lucas S.:pending',
      'Juliana S.:pending',
      'Thiago A.:available',
      'Gustavo N.:redeemed',
    ])
    expect(list.body.data[0].email).toBe('lu******@gmail.com')
    const none = await server.call('GET', '/referrals', { as: 'bruno@contabil.dev' })
    expect(none.body).toEqual({ data: [], total: 0 })
  })
})

describe('Duca partner program', () => {
  const registration = {
    kind: 'accountant',
    name: 'Ana Paula Ribeiro',
    document: '529.982.247-25',
    crc: 'SP-123456/O-5',
    email: 'ana@contabil.dev',
    phone: '(11) 98765-4321',
    city: 'São Paulo',
    state: 'SP',
    pixKey: 'ana@contabil.dev',
    acceptTerms: true,
  }

  it('registers a partner for review, once, with a code of their own', async () => {
    expect((await server.call('GET', '/partners/duca/me', { as: ANA })).body).toEqual({
      data: null,
    })
    const res = await server.call('POST', '/partners/duca', { as: ANA, body: registration })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      userId: 'uid-ana',
      status: 'pending_review',
      code: 'DUCA-APR1',
      crc: 'SP-123456/O-5',
      commissionRate: 0.1,
    })
    expect((await server.call('GET', '/partners/duca/me', { as: ANA })).body.data.id).toBe(
      res.body.data.id,
    )
    expect(
      (await server.call('POST', '/partners/duca', { as: ANA, body: registration })).status,
    ).toBe(409)
  })

  it('validates the registration (CRC for accountants, Pix key, terms)', async () => {
    const res = await server.call('POST', '/partners/duca', {
      as: ANA,
      body: { ...registration, crc: null, pixKey: 'nada', acceptTerms: false },
    })
    expect(res.status).toBe(400)
    expect(res.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Chave Pix inválida', 'Aceite os termos do programa para continuar']),
    )
    const noCrc = await server.call('POST', '/partners/duca', {
      as: ANA,
      body: { ...registration, crc: null },
    })
    expect(noCrc.body.message).toBe('Contadores informam o CRC')
  })

  it('shows a partner the companies they referred and the commission on what they paid', async () => {
    const res = await server.call('GET', '/partners/duca/companies', {
      as: 'marcos.duarte@duartecontabil.com.br',
    })
    expect(res.body.data.map((c: { companyId: string }) => c.companyId)).toEqual([
      'cmp-fernando-odonto',
      'cmp-eduardo-advocacia',
      'cmp-aline-marketing',
      'cmp-leonardo-ti',
    ])
    for (const row of res.body.data) expect(row.commissionTotal).toBeCloseTo(row.paidTotal * 0.1, 2)
    const leonardo = res.body.data.find(
      (c: { companyId: string }) => c.companyId === 'cmp-leonardo-ti',
    )
    expect(leonardo).toMatchObject({ planName: 'Empresarial', monthlyFee: 449.9 })
    expect(leonardo.paidTotal).toBeGreaterThan(449.9 * 20)
  })

  it('lets the admin review partners', async () => {
    const list = await server.call('GET', '/admin/partners/duca?status=pending_review', {
      as: ADMIN,
    })
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual(['duca-cristina'])
    const reject = await server.call('PUT', '/admin/partners/duca/duca-cristina/status/rejected', {
      as: ADMIN,
    })
    expect(reject).toMatchObject({
      status: 400,
      body: { message: 'Explique o motivo para não aprovar.' },
    })
    const ok = await server.call('PUT', '/admin/partners/duca/duca-cristina/status/approved', {
      as: ADMIN,
      body: { note: 'Documentos conferidos.' },
    })
    expect(ok.body.data).toMatchObject({ status: 'approved', reviewNote: 'Documentos conferidos.' })
    expect(
      (
        await server.call('PUT', '/admin/partners/duca/duca-cristina/status/approved', {
          as: ADMIN,
        })
      ).status,
    ).toBe(409)
  })
})
