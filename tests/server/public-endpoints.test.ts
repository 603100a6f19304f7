import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cityDirectory } from '../../mock-server/reference/cities'
import { startTestServer, type TestServer } from './harness'

// The public site's endpoints: CNAEs, city search, leads, referral links and practice areas.
// The content stand-in has its own suite (content-api.test.ts).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const get = (path: string) => server.call('GET', path)

describe('GET /cnaes', () => {
  it('pages all 1,332 subclasses, 10 at a time by default, in snake_case', async () => {
    const first = await get('/cnaes')
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(1332)
    expect(first.body.data).toHaveLength(10)
    const last = await get('/cnaes?limit=10&offset=1330')
    expect(last.body.data).toHaveLength(2)
    expect(Object.keys(first.body.data[0]).sort()).toEqual(
      [
        'code',
        'text',
        'tax_rates',
        'is_allowed_mei',
        'is_r_factor',
        'cnae_allowed_activities',
        'cnae_not_allowed_activities',
        'obs',
        'hierarchy',
        'is_active',
      ].sort(),
    )
  })

  it('finds by words whatever the accents and case', async () => {
    const plain = await get('/cnaes?search=comercio%20varejista%20de%20cosmeticos')
    const accented = await get(
      `/cnaes?search=${encodeURIComponent('COMÉRCIO Varejista de Cosméticos')}`,
    )
    expect(plain.body.total).toBeGreaterThan(0)
    expect(accented.body).toEqual(plain.body)
    expect(plain.body.data[0]).toMatchObject({ code: '4772500' })
  })

  it('treats plural and singular alike and ranks the phrase first', async () => {
    const found = await get('/cnaes?search=programas%20de%20computador')
    expect(found.body.data.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['6201501', '6202300', '6203100']),
    )
    const singular = await get('/cnaes?search=programa%20computador')
    expect(singular.body.total).toBe(found.body.total)
  })

  it("finds the CNAE's older spelling from today's one", async () => {
    const found = await get(`/cnaes?search=${encodeURIComponent('ótica')}`)
    expect(found.body.data.map((c: { code: string }) => c.code)).toContain('4774100')
  })

  it('finds by code typed in any format', async () => {
    for (const typed of ['6201501', '6201-5/01', '6201-5%2F01', '62.01-5']) {
      const found = await get(`/cnaes?search=${typed}`)
      expect(found.body.data[0]?.code, typed).toBe('6201501')
    }
    const division = await get('/cnaes?search=62')
    expect(division.body.total).toBe(6)
  })

  it('answers curated details with their basis, null where unknown', async () => {
    const software = (await get('/cnaes/6201501')).body.data
    expect(software).toMatchObject({
      is_allowed_mei: false,
      is_r_factor: true,
      is_active: true,
      hierarchy: {
        section: { code: 'J' },
        subclass: { formatted: '6201-5/01' },
      },
    })
    expect(software.tax_rates.simples.map((r: { annex: string }) => r.annex)).toEqual(['III', 'V'])
    expect(software.tax_rates.basis).toMatch(/LC 123\/2006/)
    const rice = (await get('/cnaes/0111301')).body.data
    expect(rice).toMatchObject({ tax_rates: null, is_r_factor: null, obs: null })
  })

  it('filters by isActive and refuses bad input with a message', async () => {
    expect((await get('/cnaes?isActive=false')).body.total).toBe(0)
    expect((await get('/cnaes?isActive=true')).body.total).toBe(1332)
    for (const bad of [
      'limit=0',
      'limit=abc',
      'offset=-1',
      'isActive=talvez',
      'extra=1',
      `search=${'x'.repeat(300)}`,
    ]) {
      const answer = await get(`/cnaes?${bad}`)
      expect(answer.status, bad).toBe(400)
      expect(answer.body.message, bad).toBeTruthy()
    }
    expect((await get('/cnaes?limit=abc')).body.message).toBe('Limite precisa ser um número.')
    expect((await get('/cnaes?offset=2.5')).body.message).toBe(
      'Posição inicial precisa ser um número inteiro.',
    )
    expect((await get('/cnaes/123')).status).toBe(400)
    expect((await get('/cnaes/9999999')).status).toBe(404)
  })
})

describe('GET /api/city-search and /api/cities/{slug}', () => {
  it('searches all municipalities, accent- and case-insensitive, 5 by default', async () => {
    const found = await get(`/api/city-search?q=${encodeURIComponent('SÃO josé')}`)
    expect(found.status).toBe(200)
    expect(found.body.data).toHaveLength(5)
    expect(found.body.total).toBeGreaterThan(5)
    const plain = await get('/api/city-search?q=sao%20jose')
    expect(plain.body).toEqual(found.body)
    expect((await get('/api/city-search?q=sao%20jose&limit=12')).body.data).toHaveLength(12)
  })

  it('puts the exact name and capitals first and narrows by a trailing UF', async () => {
    const capital = await get('/api/city-search?q=sao%20paulo')
    expect(capital.body.data[0]).toMatchObject({
      name: 'São Paulo',
      state: 'SP',
      slug: 'sao-paulo-sp',
    })
    const narrowed = await get('/api/city-search?q=sao%20jose%20sc')
    expect(narrowed.body.data.every((c: { state: string }) => c.state === 'SC')).toBe(true)
    expect(narrowed.body.data[0].name).toBe('São José')
  })

  it('gives every one of the 5,571 municipalities a unique slug that resolves', async () => {
    const all = cityDirectory().all
    expect(all).toHaveLength(5571)
    expect(new Set(all.map((city) => city.slug)).size).toBe(5571)
    for (const slug of [
      'sao-jose-dos-campos-sp',
      'alta-floresta-doeste-ro',
      'brasilia-df',
      'boa-esperanca-do-norte-mt',
    ]) {
      const city = await get(`/api/cities/${slug}`)
      expect(city.status, slug).toBe(200)
      expect(city.body.data.slug).toBe(slug)
    }
    expect((await get('/api/cities/cidade-que-nao-existe-sp')).status).toBe(404)
  })

  it('refuses a missing or oversized query', async () => {
    for (const bad of ['', 'q=', `q=${'a'.repeat(200)}`, 'q=recife&limit=0', 'q=recife&x=1']) {
      const answer = await get(`/api/city-search?${bad}`)
      expect(answer.status, bad).toBe(400)
      expect(answer.body.message).toBeTruthy()
    }
  })
})

describe('POST /leads', () => {
  const valid = {
    name: 'Joana Prado',
    email: 'joana.prado@example.com',
    phone: '+55 (11) 97777-6666',
    planId: 'plan-servicos',
    source: '/contabilidade-em/recife-pe',
    track: 'create-company',
  }

  it('persists a lead', async () => {
    const before = server.store.data.leads.length
    const created = await server.call('POST', '/leads', { body: valid })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ ...valid, email: 'joana.prado@example.com' })
    expect(server.store.data.leads).toHaveLength(before + 1)
  })

  it('takes a lead without phone or plan', async () => {
    const created = await server.call('POST', '/leads', {
      body: { name: 'Caio Reis', email: 'caio@example.com', phone: '' },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ phone: null, planId: null })
  })

  it("answers the spec's messages and changes nothing", async () => {
    const before = server.store.data.leads.length
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, email: 'joana@' }, 'E-mail inválido'],
      [{ ...valid, phone: '+55 (11) 9777' }, 'Celular inválido'],
      // 16 characters: one short of the 17 the spec asks for.
      [{ ...valid, phone: '+55 (11) 97777-6' }, 'Celular inválido'],
      [{ ...valid, phone: 'abcdefghijklmnopqrs' }, 'Celular inválido'],
      [{ ...valid, planId: 'ouro' }, 'Plano inválido'],
    ]
    for (const [body, message] of cases) {
      const answer = await server.call('POST', '/leads', { body })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe(message)
    }
    expect((await server.call('POST', '/leads', { body: { ...valid, extra: 1 } })).status).toBe(400)
    expect(
      (
        await server.call('POST', '/leads', {
          raw: '{bad json',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400)
    expect(server.store.data.leads).toHaveLength(before)
  })

  it('accepts 17 formatted characters, the minimum', async () => {
    const created = await server.call('POST', '/leads', {
      body: { ...valid, phone: '+55 (11) 97777-66' },
    })
    expect(created.status).toBe(201)
  })
})

describe('GET /links/{alias}', () => {
  it("resolves a site link to the referrer's current code", async () => {
    const ana = server.store.data.users.find((user) => user.id === 'uid-ana')!
    const link = await get('/links/ANA-DESIGN')
    expect(link.status).toBe(200)
    expect(link.body.data).toMatchObject({ code: ana.referralCode, referrerFirstName: 'Ana' })
  })

  it("resolves a user's own referral code, case-insensitive", async () => {
    const eva = server.store.data.users.find((user) => user.id === 'uid-eva')!
    const link = await get(`/links/${eva.referralCode.toLowerCase()}`)
    expect(link.body.data).toMatchObject({ code: eva.referralCode, referrerFirstName: 'Eva' })
  })

  it('answers fixed partner codes, 404 for ended or unknown links, 400 for malformed ones', async () => {
    expect((await get('/links/duca')).body.data).toMatchObject({
      code: 'DUCA',
      referrerFirstName: null,
    })
    expect((await get('/links/irpf-2024')).status).toBe(404)
    expect((await get('/links/nao-existe')).status).toBe(404)
    expect((await get('/links/%24%24')).status).toBe(400)
  })
})

describe('GET /areas/{slug}', () => {
  it('answers an area with its CNAE records', async () => {
    const area = await get('/areas/saude')
    expect(area.status).toBe(200)
    expect(area.body.data).toMatchObject({ slug: 'saude', recommendedPlanId: 'plan-servicos' })
    expect(area.body.data.activities[0]).toMatchObject({ code: '8630503', is_r_factor: true })
    expect((await get('/areas/astronautas')).status).toBe(404)
  })
})
