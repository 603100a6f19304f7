import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  certificateStanding,
  formatAccessKey,
  nfseCancelSchema,
  nfseReasonSchema,
} from '@/schemas/nfse'
import {
  accessKeyCheckDigit,
  composeAccessKey,
  dpsId,
  isAccessKey,
} from '../../mock-server/formats/nfse/access-key'
import {
  buildDps,
  issRetentionOf,
  providerRegimeOf,
  type DpsInput,
} from '../../mock-server/domain/invoices/nfse/dps'
import { brazilDateTime } from '../../mock-server/formats/nfse/xml'
import { loadSchemaFiles, validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { exampleInvoiceBody } from '../server/contracts/invoices'

// The rules of the national NFS-e (layout 1.01), each with its source: the official XSD set
// (fixtures/reference/nfse-v1.01, tiposSimples/tiposComplexos_v1.01.xsd) and docs/tax-rules.md
// "NFS-e".

const XSD = 'tiposSimples_v1.01.xsd'

const input = (overrides: Partial<DpsInput> = {}): DpsInput => ({
  request: {
    ...exampleInvoiceBody,
    cnpj: '45218739000102',
    taker: {
      ...exampleInvoiceBody.taker,
      document: '66769352000114',
      address: { ...exampleInvoiceBody.taker.address, zipCode: '05435000', state: 'SP' },
    },
    date: '2026-11-20',
    issTaxation: 'taxable',
  },
  provider: { municipalityCode: '3550308', regime: providerRegimeOf('ME'), simplesRate: 6 },
  takerMunicipalityCode: '3550308',
  series: '1',
  number: 1,
  issuedAt: new Date('2026-11-21T13:05:09Z'),
  ...overrides,
})

/** The text of an element in a compact XML (the first one). */
const textOf = (xml: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null

describe(`DPS Id (TSIdDPS, ${XSD}): "DPS" + cLocEmi (7) + 1 CPF/2 CNPJ (1) + CPF/CNPJ (14) + série (5) + number (15)`, () => {
  it('is 45 characters, digits after "DPS", each part in its place', () => {
    const id = dpsId({
      municipalityCode: '3550308',
      document: '45218739000102',
      series: '1',
      number: 123,
    })
    expect(id).toBe('DPS' + '3550308' + '2' + '45218739000102' + '00001' + '000000000000123')
    expect(id).toHaveLength(45)
    expect(id).toMatch(/^DPS[0-9]{42}$/)
  })

  it('marks a CPF with 1 and pads it to 14 digits', () => {
    const id = dpsId({
      municipalityCode: '3304557',
      document: '71352439948',
      series: '2',
      number: 9,
    })
    expect(id.slice(10, 11)).toBe('1')
    expect(id.slice(11, 25)).toBe('00071352439948')
  })

  it('carries an alphanumeric CNPJ as it is (TSIdDPS of 27/07/2026: 2 + [0-9A-Z]{14})', () => {
    const id = dpsId({
      municipalityCode: '3550308',
      document: '12ABC34501DE35',
      series: '1',
      number: 7,
    })
    expect(id).toBe('DPS' + '3550308' + '2' + '12ABC34501DE35' + '00001' + '000000000000007')
    expect(id).toMatch(/^DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}$/)
    expect(() =>
      dpsId({ municipalityCode: '3550308', document: '12abc34501de35', series: '1', number: 7 }),
    ).toThrow(/CNPJ/)
    const dps = buildDps(input({ request: { ...input().request, cnpj: '12ABC34501DE35' } }))
    expect(dps.id.slice(11, 25)).toBe('12ABC34501DE35')
    expect(dps.xml).toContain('<CNPJ>12ABC34501DE35</CNPJ>')
    expect(validateAgainst('DPS', dps.xml)).toEqual([])
    // The 09/02/2026 Id (DPS[0-9]{42}) would have refused it: the 27/07 one is what is loaded.
    expect(dps.id).not.toMatch(/^DPS[0-9]{42}$/)
  })

  it('is the infDPS Id of the DPS the builder writes, and the schema accepts it', () => {
    const dps = buildDps(input({ number: 42 }))
    expect(dps.xml).toContain(`<infDPS Id="${dps.id}">`)
    expect(validateAgainst('DPS', dps.xml)).toEqual([])
  })
})

describe('regTrib (TCRegTrib, tiposComplexos_v1.01.xsd; DOMAIN.md "NFS-e"): opSimpNac by regime', () => {
  it('MEI → 2, without regApTribSN', () => {
    expect(providerRegimeOf('MEI')).toEqual({ opSimpNac: '2', regApTribSN: null })
    const xml = buildDps(
      input({
        provider: {
          municipalityCode: '3550308',
          regime: providerRegimeOf('MEI'),
          simplesRate: null,
        },
      }),
    ).xml
    expect(textOf(xml, 'opSimpNac')).toBe('2')
    expect(xml).not.toContain('regApTribSN')
    expect(validateAgainst('DPS', xml)).toEqual([])
  })

  it('ME and EPP in the Simples Nacional → 3, with regApTribSN 1 (taxes through the DAS)', () => {
    for (const size of ['ME', 'EPP'] as const) {
      expect(providerRegimeOf(size)).toEqual({ opSimpNac: '3', regApTribSN: '1' })
    }
    const xml = buildDps(input()).xml
    expect(textOf(xml, 'opSimpNac')).toBe('3')
    expect(textOf(xml, 'regApTribSN')).toBe('1')
  })

  it('any other company → 1, not in the Simples', () => {
    for (const size of ['EMP', 'GE', null] as const)
      expect(providerRegimeOf(size)).toEqual({ opSimpNac: '1', regApTribSN: null })
  })

  it('totTrib: pTotTribSN for a Simples ME/EPP with its rate; indTotTrib 0 otherwise (Decreto 8.264/2014)', () => {
    expect(textOf(buildDps(input()).xml, 'pTotTribSN')).toBe('6.00')
    const mei = buildDps(
      input({
        provider: {
          municipalityCode: '3550308',
          regime: providerRegimeOf('MEI'),
          simplesRate: null,
        },
      }),
    ).xml
    expect(textOf(mei, 'indTotTrib')).toBe('0')
    const unknown = buildDps(
      input({
        provider: {
          municipalityCode: '3550308',
          regime: providerRegimeOf('ME'),
          simplesRate: null,
        },
      }),
    ).xml
    expect(textOf(unknown, 'indTotTrib')).toBe('0')
    expect(validateAgainst('DPS', unknown)).toEqual([])
  })
})

describe(`tpRetISSQN (TSTipoRetISSQN, ${XSD}): 1 not withheld, 2 withheld by the taker`, () => {
  it('maps the request’s issWithheld', () => {
    expect(issRetentionOf(false)).toBe('1')
    expect(issRetentionOf(true)).toBe('2')
    const withheld = buildDps(input({ request: { ...input().request, issWithheld: true } })).xml
    expect(textOf(withheld, 'tpRetISSQN')).toBe('2')
    expect(textOf(buildDps(input()).xml, 'tpRetISSQN')).toBe('1')
  })
})

describe('the DPS’s other fields (TCInfDPS)', () => {
  it('tpAmb 2 (homologation), dhEmi with the São Paulo offset, dCompet the service date', () => {
    const xml = buildDps(input()).xml
    expect(textOf(xml, 'tpAmb')).toBe('2')
    expect(textOf(xml, 'dhEmi')).toBe('2026-11-21T10:05:09-03:00')
    expect(textOf(xml, 'dCompet')).toBe('2026-11-20')
    expect(brazilDateTime(new Date('2026-01-01T02:30:00Z'))).toBe('2025-12-31T23:30:00-03:00')
  })

  it('leaves the taker out when the request names none (toma is optional)', () => {
    const xml = buildDps(input({ request: { ...input().request, taker: null } })).xml
    expect(xml).not.toContain('<toma>')
    expect(validateAgainst('DPS', xml)).toEqual([])
  })
})

describe(`TSSerieDPS (${XSD}) is read without its literal ^ and $ (fixtures/reference/SOURCES.md)`, () => {
  it('the published file keeps its pattern; the loaded one is anchored as XML Schema reads it', () => {
    const published = readFileSync(
      new URL('../../fixtures/reference/nfse-v1.01/tiposSimples_v1.01.xsd', import.meta.url),
      'utf8',
    )
    expect(published).toContain('<xs:pattern value="^0{0,4}\\d{1,5}$"/>')
    const loaded = loadSchemaFiles()['tiposSimples_v1.01.xsd']!
    expect(loaded).toContain('<xs:pattern value="0{0,4}\\d{1,5}"/>')
    expect(loaded).not.toContain('^0{0,4}')
  })

  it('so a série of up to 5 digits passes and a letter does not', () => {
    expect(validateAgainst('DPS', buildDps(input({ series: '00001' })).xml)).toEqual([])
    const letter = buildDps(input()).xml.replace('<serie>1</serie>', '<serie>A1</serie>')
    expect(validateAgainst('DPS', letter)[0]?.path).toEqual(['infDPS', 'serie'])
  })
})

describe(`the access key (TSIdNFSe/TSChaveNFSe, ${XSD})`, () => {
  const key = composeAccessKey({
    municipalityCode: '3550308',
    environment: '2',
    document: '45218739000102',
    nfseNumber: 13,
    issueMonth: '2026-11',
    code: '123456789',
  })

  it('is 50 digits: municipality (7) + environment (1) + 1/2 (1) + CPF/CNPJ (14) + number (13) + AAMM (4) + code (9) + DV (1)', () => {
    expect(key).toHaveLength(50)
    expect(key).toMatch(/^[0-9]{50}$/)
    expect(key.slice(0, 7)).toBe('3550308')
    expect(key.slice(7, 8)).toBe('2')
    expect(key.slice(8, 9)).toBe('2')
    expect(key.slice(9, 23)).toBe('45218739000102')
    expect(key.slice(23, 36)).toBe('0000000000013')
    expect(key.slice(36, 40)).toBe('2611')
    expect(key.slice(40, 49)).toBe('123456789')
    expect(formatAccessKey(key).split(' ')).toHaveLength(13)
  })

  it('check digit: modulo 11 weighted 2–9 from the right, 0 when the remainder is 0 or 1 (MOC NF-e "Visão Geral" 5.4, as the national NFS-e keys use it)', () => {
    // Keys of national NFS-e issued in Itumbiara/GO and Brasília/DF (published in public
    // repositories that consume the national API): their last digit is this rule's.
    for (const real of [
      '52115031239558194000180000000000486626023714913456',
      '53001081240030122000145000000001764526101791211730',
      '53001081240030122000145000000001765026101791211735',
    ]) {
      expect(accessKeyCheckDigit(real.slice(0, 49))).toBe(real[49])
      expect(isAccessKey(real)).toBe(true)
    }
    // Remainder 0 and remainder 1 both give 0; remainder 5 gives 6.
    expect(accessKeyCheckDigit('3550308224521873900010200000000000062611123456789')).toBe('0')
    expect(accessKeyCheckDigit('3550308224521873900010200000000000032611123456789')).toBe('0')
    expect(accessKeyCheckDigit('3550308224521873900010200000000000022611123456789')).toBe('6')
    expect(isAccessKey(key)).toBe(true)
    // Any one digit changed is caught.
    const changed = key.slice(0, 30) + String((Number(key[30]) + 1) % 10) + key.slice(31)
    expect(isAccessKey(changed)).toBe(false)
  })

  it('with an alphanumeric CNPJ (TSIdNFSe of 27/07/2026: [0-9]{9}[0-9A-Z]{14}[0-9]{27}), a letter counts as its ASCII code less 48', () => {
    const alphanumeric = composeAccessKey({
      municipalityCode: '3550308',
      environment: '2',
      document: '12ABC34501DE35',
      nfseNumber: 13,
      issueMonth: '2026-11',
      code: '123456789',
    })
    expect(alphanumeric.slice(0, 49)).toBe(
      '3550308' + '2' + '2' + '12ABC34501DE35' + '0000000000013' + '2611' + '123456789',
    )
    // Worked out apart from the product: A=17, B=18, C=19, D=20, E=21 (ASCII − 48) weighted 2–9 from the right sum
    // to 1121; 1121 mod 11 = 10, so the check digit is 11 − 10 = 1.
    expect(alphanumeric[49]).toBe('1')
    expect(isAccessKey(alphanumeric)).toBe(true)
    expect(formatAccessKey(alphanumeric).split(' ')).toHaveLength(13)
    // A letter changed to another is caught; a letter outside the CNPJ's place is not a key.
    expect(isAccessKey(alphanumeric.replace('ABC', 'ABD'))).toBe(false)
    expect(isAccessKey('A' + alphanumeric.slice(1))).toBe(false)
    expect(isAccessKey(alphanumeric.toLowerCase())).toBe(false)
  })
})

describe(`the cancellation (e101101, tiposEventos_v1.01.xsd): cMotivo (TSCodJustCanc) and xMotivo (TSMotivo, ${XSD})`, () => {
  it('takes the codes 1, 2 and 9 as strings', () => {
    for (const code of ['1', '2', '9'])
      expect(
        nfseCancelSchema.safeParse({ code, reason: 'Valor do serviço informado errado' }).success,
      ).toBe(true)
    for (const code of ['3', 1, ''])
      expect(
        nfseCancelSchema.safeParse({ code, reason: 'Valor do serviço informado errado' }).success,
      ).toBe(false)
  })

  it('a reason of 15 to 255 characters, each limit named in pt-BR', () => {
    // As the API and the form read it: the field `reason` of the cancellation.
    const message = (reason: string) =>
      nfseCancelSchema.safeParse({ code: '1', reason }).error?.issues[0]?.message
    expect(message('x'.repeat(14))).toBe('Motivo precisa ter pelo menos 15 caracteres.')
    expect(message('x'.repeat(15))).toBeUndefined()
    expect(message('x'.repeat(255))).toBeUndefined()
    expect(message('x'.repeat(256))).toBe('Motivo pode ter no máximo 255 caracteres.')
    expect(message('   ')).toBe('Explique o motivo do cancelamento.')
    // Spaces at the ends do not count (TSString starts and ends with a character).
    expect(nfseReasonSchema.parse('  Valor do serviço errado  ')).toBe('Valor do serviço errado')
  })

  it('in the national text type: no line break, nothing beyond Latin-1 (TSString)', () => {
    const message = (value: string) => nfseReasonSchema.safeParse(value).error?.issues[0]?.message
    expect(message('Valor errado\nna segunda linha')).toMatch(/em uma linha/)
    expect(message('Cliente desistiu do serviço 🙁')).toMatch(/não aceita o emoji 🙁/)
    // Short and with an emoji: the emoji is named, not the length.
    expect(message('Desistiu 🙁')).toMatch(/não aceita o emoji 🙁/)
    expect(message('Ação cancelada — duplicidade')).toMatch(/não aceita o caractere “—”/)
    expect(message('Ação cancelada por duplicidade')).toBeUndefined()
  })
})

describe('the certificate’s standing (the account area warns from 30 days before its expiry)', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString()
  it('valid, expiring within 30 days, expired', () => {
    expect(certificateStanding({ notBefore: at(-300), notAfter: at(31) }, now)).toBe('valid')
    expect(certificateStanding({ notBefore: at(-300), notAfter: at(30) }, now)).toBe('expiring')
    expect(certificateStanding({ notBefore: at(-300), notAfter: at(1) }, now)).toBe('expiring')
    expect(certificateStanding({ notBefore: at(-300), notAfter: at(-1) }, now)).toBe('expired')
  })
})
