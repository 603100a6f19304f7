import type { Company } from '../../src/schemas/company'
import { todayInBrazil } from '../../src/schemas/finance-common'
import type { NfsRequest } from '../../src/schemas/invoice'
import { rngFor } from '../stand-ins/cora/statement-generator'
import type { Model } from '../model'
import { composeAccessKey, dpsId } from '../formats/nfse/access-key'
import { certificateFacts } from '../formats/nfse/certificates'
import type { NfseEngine } from '../domain/invoices/nfse/engine'
import type { SignJob } from '../formats/nfse/checks'
import type { Store } from '../store/database'
import { buildNfse } from '../formats/nfse/documents'
import { buildDps, providerRegimeOf } from '../domain/invoices/nfse/dps'
import { ibgeCodeOf } from '../formats/nfse/places'
import { cityName } from '../stand-ins/sefin-nacional/rules'
import type { CertificateRecord, SefinNfseRecord } from '../store/nfse-records'
import { testPki, type TestPki } from '../stand-ins/sefin-nacional/test-pki'
import { seal } from '../vault'
import { vaultKeyOf, type VaultSettings } from '../vault-key'
import { nationalServiceDescription } from '../reference/national-services'

/** The national NFS-e's collections: certificates, DPS numbering, the Sefin stand-in's registry. */
export type NfseData = Pick<
  Model,
  'certificates' | 'dpsSequences' | 'dpsReservations' | 'sefinNfse' | 'sefinEvents'
>

/** Where the seed finds the local test PKI and the key that seals the companies' keys. */
export type NfseSeedOptions = VaultSettings & { testPkiDir: string }

/**
 * The companies that get a test certificate: the ones with a CNPJ that issue invoices — active,
 * or behind on the monthly fee (`overdue`: its invoices were issued all the same).
 */
export const certifiedCompanies = (companies: readonly Company[]) =>
  companies
    .filter((company) => ['active', 'overdue'].includes(company.status) && company.cnpj)
    .map((company) => ({ id: company.id, name: company.name, cnpj: company.cnpj! }))

/**
 * The company whose latest issued invoice is the one the tests name (`nationalSeedTarget`): every
 * issued invoice of the demo companies was issued through the national system (`seedNfse`).
 */
export const NATIONAL_SEED_COMPANY = 'cmp-ana-design'

/** An issued invoice of the seed as the national system issued it: its DPS number and key. */
type NationalTarget = {
  company: Company & { cnpj: string; address: NonNullable<Company['address']> }
  request: NfsRequest
  municipalityCode: string
  issuedAt: Date
  /** `nDPS`: the company's DPS of série 1, numbered in the order its invoices were issued. */
  dpsNumber: number
  accessKey: string
}

/**
 * An issued invoice of a company as the national system issued it, with the access key it got
 * (its random code drawn from the request's id, so it is the same on every reseed); null when
 * the company has no CNPJ, address or known municipality.
 */
function nationalTargetOf(
  company: Company,
  request: NfsRequest,
  dpsNumber: number,
): NationalTarget | null {
  const municipalityCode = ibgeCodeOf(company.address ?? null)
  const { cnpj, address } = company
  if (!cnpj || !address || !municipalityCode || request.number === null || !request.issuedAt)
    return null
  const issuedAt = new Date(request.issuedAt)
  const accessKey = composeAccessKey({
    municipalityCode,
    environment: '2',
    document: cnpj,
    nfseNumber: request.number,
    issueMonth: todayInBrazil(issuedAt).slice(0, 7),
    code: String(rngFor(`nfse:${request.id}`).int(0, 999_999_999)).padStart(9, '0'),
  })
  return {
    company: { ...company, cnpj, address },
    request,
    municipalityCode,
    issuedAt,
    dpsNumber,
    accessKey,
  }
}

/** A company's issued invoices in the order they were issued, its DPS numbered 1, 2, … */
function nationalTargetsOf(company: Company, requests: readonly NfsRequest[]): NationalTarget[] {
  return requests
    .filter((r) => r.companyId === company.id && r.status === 'issued' && r.number !== null)
    .sort((a, b) => a.number! - b.number!)
    .map((request, index) => nationalTargetOf(company, request, index + 1))
    .filter((target) => target !== null)
}

/**
 * The company's latest invoice the national system issued in the seed, with its access key;
 * null when the fixtures have none.
 */
export function nationalSeedTarget(companies: readonly Company[], requests: NfsRequest[]) {
  const company = companies.find((c) => c.id === NATIONAL_SEED_COMPANY)
  return (company && nationalTargetsOf(company, requests).at(-1)) || null
}

/** The DPS of an invoice of the seed, as its provider built it (unsigned). */
function seededDps(target: NationalTarget) {
  const { company, request, municipalityCode, issuedAt, dpsNumber } = target
  return buildDps({
    request,
    provider: { municipalityCode, regime: providerRegimeOf(company.size), simplesRate: null },
    takerMunicipalityCode: request.taker ? ibgeCodeOf(request.taker.address) : null,
    series: SEEDED_SERIES,
    number: dpsNumber,
    issuedAt,
  })
}

const SEEDED_SERIES = '1'

/**
 * Turns an invoice into one the national system issued, as `POST /nfs/requests/{id}/issue`
 * leaves it: the request's access key and DPS série/number, and the stand-in's record of it
 * (`documentNumber`: its `nDFSe`). The signed NFS-e itself is drawn the first time it is asked
 * for (`seededNfseXml`): signing the demo's few hundred at every start would take seconds.
 */
function nationalInvoice(target: NationalTarget, documentNumber: number): SefinNfseRecord {
  const { company, request, accessKey, dpsNumber } = target
  Object.assign(request, { accessKey, series: SEEDED_SERIES, dpsNumber })
  return {
    accessKey,
    // The Id the DPS builder gives it (nothing is built or signed until it is asked for).
    dpsId: dpsId({
      municipalityCode: target.municipalityCode,
      document: request.cnpj,
      series: SEEDED_SERIES,
      number: dpsNumber,
    }),
    providerCnpj: company.cnpj,
    number: request.number!,
    documentNumber,
    xml: null,
    status: 'active',
    processedAt: request.issuedAt!,
  }
}

/** What drawing a seeded NFS-e takes: the store, the signing worker, the local test PKI. */
export type SeededNfseDeps = {
  store: Store
  nfse: NfseEngine
  pki: Pick<TestPki, 'certificateOf' | 'standIn'>
}

/**
 * The signed NFS-e of an invoice of the seed, drawn when first asked for and kept in the
 * record: its DPS signed with the company's test certificate, the NFS-e the stand-in builds
 * around it, signed with the stand-in's own — each checked against the national schema by the
 * signing job (nfse/jobs.ts): the documents `POST /nfs/requests/{id}/issue` would have made.
 */
export async function seededNfseXml(deps: SeededNfseDeps, record: SefinNfseRecord) {
  const { store, nfse, pki } = deps
  const company = store.companies.first({ where: { cnpj: record.providerCnpj } })
  const requests = company
    ? store.nfsRequests.find({ where: { companyId: company.id, number: record.number } })
    : []
  const request = requests.find((r) => r.accessKey === record.accessKey)
  const target = company && request && nationalTargetOf(company, request, request.dpsNumber ?? 0)
  if (!company?.cnpj || !request || !target)
    throw new Error(`seeded NFS-e ${record.accessKey}: its request or company is gone`)
  const { municipalityCode, issuedAt } = target
  const dps = await signed(nfse, {
    kind: 'sign',
    schema: 'DPS',
    element: 'infDPS',
    xml: seededDps(target).xml,
    pems: pki.certificateOf({ id: company.id, name: company.name, cnpj: company.cnpj }),
  })
  const xml = await signed(nfse, {
    kind: 'sign',
    schema: 'NFSe',
    element: 'infNFSe',
    xml: buildNfse({
      accessKey: record.accessKey,
      number: record.number,
      documentNumber: record.documentNumber,
      processedAt: issuedAt,
      issuingMunicipality: cityName(municipalityCode),
      servicePlace: cityName(request.municipalityCode),
      taxationDescription:
        nationalServiceDescription(request.taxationCode) ?? request.serviceDescription,
      incidence:
        request.issTaxation === 'taxable'
          ? { code: municipalityCode, name: cityName(municipalityCode) }
          : null,
      status: company.size === 'MEI' ? '107' : '100',
      emitter: {
        cnpj: company.cnpj,
        name: company.name,
        address: target.company.address,
        municipalityCode,
        phone: null,
      },
      values: { iss: null, totalWithheld: 0, net: request.totalValue },
      signedDps: dps,
    }),
    pems: pki.standIn,
    profile: 'sefin',
  })
  store.write(() => {
    // Read again inside the write: the record may have been cancelled or drawn meanwhile.
    const current = store.sefinNfse.get(record.accessKey)
    if (current && current.xml === null) store.sefinNfse.update({ ...current, xml })
  })
  return store.sefinNfse.get(record.accessKey)?.xml ?? xml
}

/** A signing job's document; a schema's refusal of the seed's own document is a bug. */
async function signed(nfse: NfseEngine, job: SignJob) {
  const result = await nfse.run(job)
  if ('problems' in result)
    throw new Error(
      `seeded ${job.schema} refused by its schema: ${JSON.stringify(result.problems)}`,
    )
  return result.signed
}

/**
 * Each company that issues invoices (`certifiedCompanies`) gets an e-CNPJ A1 from the local test CA (test-pki.ts: drawn
 * once per folder and reused on every reseed), its key sealed with the data folder's vault key
 * (vault-key.ts); and every invoice it issued was issued through the national system
 * (`nationalInvoice`), so each has its XML and DANFSe.
 */
export function seedNfse(
  companies: readonly Company[],
  requests: NfsRequest[],
  options?: NfseSeedOptions,
): NfseData {
  const data: NfseData = {
    certificates: [],
    dpsSequences: [],
    dpsReservations: [],
    sefinNfse: [],
    sefinEvents: [],
  }
  if (!options) return data
  const pki = testPki(options.testPkiDir)
  const key = vaultKeyOf(options)
  const national: NationalTarget[] = []
  for (const holder of certifiedCompanies(companies)) {
    const pems = pki.certificateOf(holder)
    const facts = certificateFacts(pems.certificatePem)
    data.certificates.push({
      ...facts,
      cnpj: holder.cnpj,
      companyId: holder.id,
      certificatePem: pems.certificatePem,
      privateKey: seal(key, pems.privateKeyPem),
      uploadedAt: facts.notBefore,
      uploadedBy: 'seed',
    } satisfies CertificateRecord)
    const company = companies.find((c) => c.id === holder.id)!
    const targets = nationalTargetsOf(company, requests)
    if (targets.length === 0) continue
    data.dpsSequences.push({
      companyId: holder.id,
      series: SEEDED_SERIES,
      lastNumber: targets.length,
    })
    national.push(...targets)
  }
  // `nDFSe` runs over the stand-in's documents in the order it processed them.
  national.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime())
  national.forEach((target, index) => data.sefinNfse.push(nationalInvoice(target, index + 1)))
  return data
}
