import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import {
  dpsRuleMessages,
  dpsServiceRefusals,
  dpsTaxes,
  type DpsRegimeFacts,
  type DpsRequestFacts,
} from '../../mock-server/domain/invoices/dps-rules'
import { issShareRate } from '../../src/kernel/tax/month'

// The DPS rules the Sefin Nacional checks, told before sending (domain/invoices/dps-rules.ts):
// each refusal names its Anexo I code, and every code is one of the annex's
// (fixtures/nfse-real/anexo/anexo-i-v1.01-codes.csv).

const anexo = new Set(
  (
    parse(
      readFileSync(
        new URL('../../fixtures/nfse-real/anexo/anexo-i-v1.01-codes.csv', import.meta.url),
        'utf8',
      ),
      { columns: true },
    ) as { codigo: string }[]
  ).map((row) => row.codigo),
)

const me: DpsRegimeFacts = {
  size: 'ME',
  simplesRate: 6.54,
  issShareRate: 2.19,
  aboveSublimit: false,
}
const address = {
  zipCode: '01310100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP' as const,
}
const plain: DpsRequestFacts = { issWithheld: false, issTaxation: 'taxable', taker: null }
const cnpjTaker = { document: '66769352000114', name: 'Café Bom Grão', email: 'a@b.com', address }

const codesOf = (result: ReturnType<typeof dpsTaxes>) =>
  result.ok ? [] : result.refusals.map((refusal) => refusal.code)

describe('the regime the DPS declares', () => {
  it('MEI: opSimpNac 2, no regApTribSN, no pAliq', () => {
    expect(dpsTaxes({ ...me, size: 'MEI' }, plain)).toEqual({
      ok: true,
      taxes: { opSimpNac: '2', regApTribSN: null, issRate: null, simplesRate: null },
    })
  })

  it('ME/EPP: opSimpNac 3, regApTribSN 1, pTotTribSN of the month', () => {
    expect(dpsTaxes(me, plain)).toEqual({
      ok: true,
      taxes: { opSimpNac: '3', regApTribSN: '1', issRate: null, simplesRate: 6.54 },
    })
  })

  it('ME/EPP with ISS withheld: pAliq is the ISS share of the month (E0621 otherwise)', () => {
    const withheld = { ...plain, issWithheld: true }
    expect(dpsTaxes(me, withheld)).toMatchObject({ ok: true, taxes: { issRate: 2.19 } })
    expect(codesOf(dpsTaxes({ ...me, issShareRate: null }, withheld))).toEqual(['E0621'])
  })

  it('above the sublimit: regApTribSN 2, and an ISS withheld is not guessed (E0628)', () => {
    expect(dpsTaxes({ ...me, aboveSublimit: true }, plain)).toMatchObject({
      ok: true,
      taxes: { regApTribSN: '2' },
    })
    expect(
      codesOf(dpsTaxes({ ...me, aboveSublimit: true }, { ...plain, issWithheld: true })),
    ).toEqual(['E0628'])
  })

  it('no Simples rate of the month: refused, never "indTotTrib 0" (E0712)', () => {
    const result = dpsTaxes({ ...me, simplesRate: null }, plain)
    expect(codesOf(result)).toEqual(['E0712'])
    expect(result).toMatchObject({ refusals: [{ message: dpsRuleMessages.noSimplesRate }] })
  })

  it('unknown size or outside the Simples: refused, never "não optante" (E0713)', () => {
    expect(codesOf(dpsTaxes({ ...me, size: null }, plain))).toEqual(['E0713'])
    expect(codesOf(dpsTaxes({ ...me, size: 'EMP' }, plain))).toEqual(['E0713'])
  })

  it('a MEI has no ISS withheld (E0583)', () => {
    expect(codesOf(dpsTaxes({ ...me, size: 'MEI' }, { ...plain, issWithheld: true }))).toEqual([
      'E0583',
    ])
  })
})

describe('the taker and the service', () => {
  it('a CNPJ taker needs a municipality of the IBGE (E0235); any taker with ISS withheld (E0237)', () => {
    expect(dpsServiceRefusals({ ...plain, taker: cnpjTaker }, '3550308')).toEqual([])
    expect(dpsServiceRefusals({ ...plain, taker: cnpjTaker }, null).map((r) => r.code)).toEqual([
      'E0235',
    ])
    const cpfTaker = { ...cnpjTaker, document: '52998224725' }
    expect(dpsServiceRefusals({ ...plain, taker: cpfTaker }, null)).toEqual([])
    expect(
      dpsServiceRefusals({ ...plain, issWithheld: true, taker: cpfTaker }, null).map((r) => r.code),
    ).toEqual(['E0237'])
  })

  it('an alphanumeric CNPJ taker is a CNPJ (and its check digits are checked, E0188)', () => {
    const alpha = { ...cnpjTaker, document: '12ABC34501DE35' }
    expect(dpsServiceRefusals({ ...plain, taker: alpha }, '3550308')).toEqual([])
    expect(
      dpsServiceRefusals(
        { ...plain, taker: { ...alpha, document: '12ABC34501DE36' } },
        '3550308',
      ).map((r) => r.code),
    ).toEqual(['E0188'])
  })

  it('immunity needs its type (E0592); export is not issued here (E0318)', () => {
    expect(
      dpsServiceRefusals({ ...plain, issTaxation: 'immune' }, null).map((r) => r.code),
    ).toEqual(['E0592'])
    expect(
      dpsServiceRefusals({ ...plain, issTaxation: 'immune', immunityType: '3' }, null),
    ).toEqual([])
    expect(
      dpsServiceRefusals({ ...plain, issTaxation: 'export' }, null).map((r) => r.code),
    ).toEqual(['E0318'])
  })
})

describe('the ISS share of the Simples rate (pAliq)', () => {
  it('Anexo III, first bracket: 6 % × 33,5 % = 2,01 %', () => {
    expect(issShareRate('III', 100_000)).toBe(2.01)
  })
  it('beyond the ceiling: none', () => {
    expect(issShareRate('III', 5_000_000)).toBeNull()
  })
})

it('every code the rules name is one of Anexo I', () => {
  const named = [
    'E0583',
    'E0621',
    'E0628',
    'E0712',
    'E0713',
    'E0235',
    'E0237',
    'E0188',
    'E0592',
    'E0318',
  ]
  for (const code of named) expect(anexo.has(code), code).toBe(true)
})

describe('the schemas of 27/07/2026 (NT 009)', () => {
  it('take an alphanumeric CNPJ taker, which those of 09/02/2026 refused', async () => {
    const { buildDps } = await import('../../mock-server/domain/invoices/nfse/dps')
    const { validateAgainst } = await import('../../mock-server/formats/nfse/xsd')
    const dps = buildDps({
      request: {
        cnpj: '45218739000102',
        date: '2026-11-20',
        taxationCode: '230101',
        municipalityCode: '3550308',
        serviceDescription: 'Direção de arte da campanha de verão',
        totalValue: 1500,
        issWithheld: false,
        issTaxation: 'taxable',
        taker: { ...cnpjTaker, document: '12ABC34501DE35' },
      },
      provider: {
        municipalityCode: '3550308',
        regime: { opSimpNac: '3', regApTribSN: '1' },
        simplesRate: 6.54,
      },
      takerMunicipalityCode: '3550308',
      series: '1',
      number: 7,
      issuedAt: new Date('2026-11-20T12:00:00Z'),
    })
    expect(dps.xml).toContain('<toma><CNPJ>12ABC34501DE35</CNPJ>')
    expect(validateAgainst('DPS', dps.xml)).toEqual([])
  })
})
