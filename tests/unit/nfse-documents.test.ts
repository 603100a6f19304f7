import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { nfsRequestCreateSchema, serviceCodeOf, type NfsRequest } from '@/schemas/invoice'
import type { Company } from '@/schemas/company'
import { composeAccessKey, isAccessKey } from '../../mock-server/formats/nfse/access-key'
import { certificateFacts, type CertificatePems } from '../../mock-server/formats/nfse/certificates'
import {
  buildCancellationRequest,
  buildEvent,
  buildNfse,
} from '../../mock-server/formats/nfse/documents'
import { buildDps } from '../../mock-server/domain/invoices/nfse/dps'
import { dpsInputOf, dpsProviderOf } from '../../mock-server/domain/invoices/nfse/issuance'
import { prepareTestPki, type TestPki } from '../../mock-server/stand-ins/sefin-nacional/test-pki'
import { signEnveloped, verifyEnveloped } from '../../mock-server/formats/nfse/xmldsig'
import { loadSchemaFiles, schemaFiles, validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { attachRegistry } from '../../mock-server/domain/companies/registry'
import { standInRegistry } from '../../mock-server/stand-ins/receita-cnpj/registry'
import { fixedCodeRequests, openCodeRequests } from '../e2e/invoices/requests'

// The national NFS-e's documents for real data: every seeded request and every request an e2e
// spec makes becomes a DPS (layout 1.01) that the official XSD accepts — checked by libxml2 as
// the product runs it and, independently, by xmllint itself (xmllint-wasm) — and whose XMLDSig
// signature, made with its company's A1 certificate from the local test PKI, verifies; changing
// one byte of a signed document makes its verification fail.

let dir: string
let store: Store
let pki: TestPki
const companies = new Map<string, Company>()

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-nfse-unit-'))
  store = new Store(path.join(dir, 'contabil.db'), () => buildSeed(), { log: () => {} })
  attachRegistry(store, standInRegistry(store))
  for (const company of store.companies.all()) companies.set(company.id, company)
  const issuers = [...new Set(store.nfsRequests.all().map((r) => r.companyId))].map((id) => {
    const company = companies.get(id)!
    return { id, name: company.name, cnpj: company.cnpj! }
  })
  pki = await prepareTestPki(path.join(dir, 'pki'), issuers)
}, 120_000)
afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const pemsOf = (companyId: string): CertificatePems => {
  const company = companies.get(companyId)!
  return pki.certificateOf({ id: companyId, name: company.name, cnpj: company.cnpj! })
}

/** Each company's part of its DPS (its Simples rate reads a year of its data: once per company). */
const providers = new Map<string, ReturnType<typeof dpsProviderOf>>()

/** The signed DPS of a request, as the product builds it (its company, a série and number). */
function signedDpsOf(request: NfsRequest, number: number) {
  const company = companies.get(request.companyId)!
  if (!providers.has(company.id)) providers.set(company.id, dpsProviderOf(store, company))
  const input = dpsInputOf(
    store,
    request,
    company,
    '1',
    number,
    new Date(),
    providers.get(company.id),
  )
  return signEnveloped(buildDps(input).xml, 'infDPS', pemsOf(request.companyId))
}

/** A request record from an e2e spec's input (as POST /nfs/requests stores it). */
function recordOf(body: unknown, index: number): NfsRequest {
  const input = nfsRequestCreateSchema.parse(body)
  const template = store.nfsRequests.first({ where: { companyId: 'cmp-ana-design' } })!
  return {
    ...template,
    ...input,
    id: `e2e-${index}`,
    serviceCode: serviceCodeOf(input.taxationCode),
    date: input.date ?? template.date,
  }
}

/** xmllint (libxml2's own tool, in WebAssembly) over many documents at once. */
async function xmllint(documents: string[], schema: keyof typeof schemaFiles) {
  const files = loadSchemaFiles()
  const main = schemaFiles[schema]
  const result = await validateXML({
    xml: documents.map((contents, i) => ({ fileName: `doc-${i}.xml`, contents })),
    schema: [{ fileName: main, contents: files[main]! }],
    preload: Object.entries(files)
      .filter(([name]) => name !== main)
      .map(([fileName, contents]) => ({ fileName, contents })),
    maxMemoryPages: 16 * 1024,
  })
  return result.errors.map((error) => error.rawMessage)
}

describe('the DPS of every seeded request and of every request the e2e specs make', () => {
  it('is accepted by the official XSD (DPS_v1.01.xsd) and its signature verifies', async () => {
    const seeded = store.nfsRequests.all()
    const anaCodes = [
      ...new Set(seeded.filter((r) => r.companyId === 'cmp-ana-design').map((r) => r.taxationCode)),
    ]
    const e2e = [
      ...fixedCodeRequests,
      ...openCodeRequests.flatMap((body) =>
        anaCodes.map((taxationCode) => ({ ...body, taxationCode })),
      ),
    ].map(recordOf)
    const requests = [...seeded, ...e2e]
    expect(seeded.length).toBeGreaterThan(100)
    const signed = requests.map((request, i) => signedDpsOf(request, i + 1))
    for (const [i, xml] of signed.entries()) {
      expect(validateAgainst('DPS', xml), requests[i]!.id).toEqual([])
      expect(verifyEnveloped(xml, 'infDPS'), requests[i]!.id).toMatchObject({ valid: true })
    }
    expect(await xmllint(signed, 'DPS')).toEqual([])
  }, 300_000)

  it('fails verification when one byte of the signed DPS changes', () => {
    const request = store.nfsRequests.first({ where: { companyId: 'cmp-ana-design' } })!
    const xml = signedDpsOf(request, 7)
    expect(verifyEnveloped(xml, 'infDPS').valid).toBe(true)
    // A digit of the value…
    const at = xml.indexOf('<vServ>') + '<vServ>'.length
    const value = xml.replace(/<vServ>(\d)/, (_, d: string) => `<vServ>${(Number(d) + 1) % 10}`)
    expect(value.length).toBe(xml.length)
    expect(value[at]).not.toBe(xml[at])
    expect(verifyEnveloped(value, 'infDPS')).toMatchObject({ valid: false })
    // …one letter of the description, or one of the signature itself.
    const text = xml.replace(/<xDescServ>./, '<xDescServ>#')
    expect(verifyEnveloped(text, 'infDPS').valid).toBe(false)
    const signature = xml.replace(
      /<SignatureValue>(.)/,
      (_, c: string) => `<SignatureValue>${c === 'A' ? 'B' : 'A'}`,
    )
    expect(verifyEnveloped(signature, 'infDPS').valid).toBe(false)
  })
})

describe('the NFS-e and the cancellation documents', () => {
  it('an alphanumeric-CNPJ provider (schemas of 27/07/2026): its DPS, NFS-e, substitution and cancellation are accepted', () => {
    const request = store.nfsRequests.first({ where: { companyId: 'cmp-eva-studio' } })!
    const company = { ...companies.get(request.companyId)!, cnpj: '12ABC34501DE35' }
    const own = { ...request, cnpj: company.cnpj }
    const input = dpsInputOf(store, own, company, '1', 3, new Date(), dpsProviderOf(store, company))
    const built = buildDps(input)
    const municipalityCode = built.id.slice(3, 10)
    expect(built.id).toBe(`DPS${municipalityCode}212ABC34501DE3500001000000000000003`)
    // Its e-CNPJ carries the CNPJ with its letters (OID 2.16.76.1.3.3 and CN), read back as it is.
    const pems = pki.certificateOf({
      id: 'cmp-alfanumerica',
      name: company.name,
      cnpj: company.cnpj,
    })
    expect(certificateFacts(pems.certificatePem).cnpj).toBe('12ABC34501DE35')
    const dps = signEnveloped(built.xml, 'infDPS', pems)
    expect(validateAgainst('DPS', dps)).toEqual([])
    expect(verifyEnveloped(dps, 'infDPS').valid).toBe(true)
    const accessKey = composeAccessKey({
      municipalityCode,
      environment: '2',
      document: company.cnpj,
      nfseNumber: 1,
      issueMonth: '2026-11',
      code: '123456789',
    })
    expect(isAccessKey(accessKey)).toBe(true)
    const nfse = buildNfse({
      accessKey,
      number: 1,
      documentNumber: 1,
      processedAt: new Date(),
      issuingMunicipality: 'São Paulo',
      servicePlace: 'São Paulo',
      incidence: { code: '3550308', name: 'São Paulo' },
      taxationDescription: 'Descrição do serviço da lista nacional.',
      status: '100',
      emitter: {
        cnpj: company.cnpj,
        name: company.name,
        address: company.address!,
        municipalityCode: '3550308',
        phone: '1133334444',
      },
      values: { iss: null, totalWithheld: 0, net: request.totalValue },
      signedDps: dps,
    })
    expect(nfse).toContain(`<infNFSe Id="NFS${accessKey}">`)
    expect(validateAgainst('NFSe', signEnveloped(nfse, 'infNFSe', pki.standIn, 'sefin'))).toEqual(
      [],
    )
    // Its 12th character is a letter: the key goes in TSChaveNFSe (chSubstda, chNFSe) too.
    const substitute = buildDps({
      ...input,
      number: 4,
      substitution: { accessKey, code: '99', reason: 'Descrição do serviço informada errada' },
    })
    expect(substitute.xml).toContain(`<chSubstda>${accessKey}</chSubstda>`)
    expect(validateAgainst('DPS', substitute.xml)).toEqual([])
    const cancellation = buildCancellationRequest({
      accessKey,
      authorCnpj: company.cnpj,
      code: '9',
      reason: 'Nota emitida em duplicidade para o mesmo serviço',
      at: new Date(),
    })
    expect(validateAgainst('pedRegEvento', cancellation)).toEqual([])
  })

  it('the NFS-e embedding the DPS is accepted by NFSe_v1.01.xsd; both signatures verify', async () => {
    const request = store.nfsRequests.first({ where: { companyId: 'cmp-eva-studio' } })!
    const company = companies.get(request.companyId)!
    const dps = signedDpsOf(request, 1)
    const accessKey = composeAccessKey({
      municipalityCode: '3550308',
      environment: '2',
      document: company.cnpj!,
      nfseNumber: 1,
      issueMonth: '2026-11',
      code: '123456789',
    })
    const nfse = signEnveloped(
      buildNfse({
        accessKey,
        number: 1,
        documentNumber: 1,
        processedAt: new Date(),
        issuingMunicipality: 'São Paulo',
        servicePlace: 'São Paulo',
        incidence: { code: '3550308', name: 'São Paulo' },
        taxationDescription: 'Descrição do serviço da lista nacional.',
        status: '100',
        emitter: {
          cnpj: company.cnpj!,
          name: company.name,
          address: company.address!,
          municipalityCode: '3550308',
          phone: '1133334444',
        },
        values: {
          iss: { base: request.totalValue, rate: 2, amount: request.totalValue * 0.02 },
          totalWithheld: request.totalValue * 0.02,
          net: request.totalValue * 0.98,
        },
        signedDps: dps,
      }),
      'infNFSe',
      pki.standIn,
      'sefin',
    )
    expect(validateAgainst('NFSe', nfse)).toEqual([])
    expect(await xmllint([nfse], 'NFSe')).toEqual([])
    expect(verifyEnveloped(nfse, 'infNFSe', ['sefin']).valid).toBe(true)
    expect(verifyEnveloped(nfse, 'infDPS').valid).toBe(true)

    const cancellation = signEnveloped(
      buildCancellationRequest({
        accessKey,
        authorCnpj: company.cnpj!,
        code: '9',
        reason: 'Nota emitida em duplicidade para o mesmo serviço',
        at: new Date(),
      }),
      'infPedReg',
      pemsOf(request.companyId),
    )
    expect(validateAgainst('pedRegEvento', cancellation)).toEqual([])
    const event = signEnveloped(
      buildEvent({
        accessKey,
        sequence: 1,
        processedAt: new Date(),
        documentNumber: 2,
        signedRequest: cancellation,
      }),
      'infEvento',
      pki.standIn,
    )
    expect(validateAgainst('evento', event)).toEqual([])
    expect(verifyEnveloped(event, 'infEvento').valid).toBe(true)
    expect(verifyEnveloped(event, 'infPedReg').valid).toBe(true)
  })
})
