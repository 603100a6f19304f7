import type { Company } from '../../src/schemas/company'
import { todayInBrazil } from '../../src/schemas/finance-common'
import type { NfsRequest } from '../../src/schemas/invoice'
import { rngFor } from '../stand-ins/cora/statement-generator'
import type { Model } from '../model'
import { composeAccessKey } from '../domain/invoices/nfse/access-key'
import { certificateFacts, type CertificatePems } from '../domain/invoices/nfse/certificates'
import { buildNfse } from '../domain/invoices/nfse/documents'
import { buildDps, providerRegimeOf } from '../domain/invoices/nfse/dps'
import { ibgeCodeOf } from '../domain/invoices/nfse/places'
import { cityName } from '../stand-ins/sefin-nacional/rules'
import type {
  CertificateRecord,
  DpsSequence,
  SefinNfseRecord,
} from '../domain/invoices/nfse/records'
import { testPki } from '../stand-ins/sefin-nacional/test-pki'
import { seal } from '../domain/invoices/nfse/vault'
import { vaultKeyOf, type VaultSettings } from '../vault-key'
import { signEnveloped } from '../domain/invoices/nfse/xmldsig'
import { nationalServiceDescription } from '../reference/national-services'

/** The national NFS-e's collections: certificates, DPS numbering, the Sefin stand-in's registry. */
export type NfseData = Pick<
  Model,
  'certificates' | 'dpsSequences' | 'dpsReservations' | 'sefinNfse' | 'sefinEvents'
>

/** Where the seed finds the local test PKI and the key that seals the companies' keys. */
export type NfseSeedOptions = VaultSettings & { testPkiDir: string }

/** The companies that get a test certificate: the active ones with a CNPJ. */
export const certifiedCompanies = (companies: readonly Company[]) =>
  companies
    .filter((company) => company.status === 'active' && company.cnpj)
    .map((company) => ({ id: company.id, name: company.name, cnpj: company.cnpj! }))

/**
 * The company whose latest issued invoice was issued through the national system: its
 * municipality joined it, and its numbering went on there.
 */
export const NATIONAL_SEED_COMPANY = 'cmp-ana-design'

/**
 * The invoice the national system issued in the seed — the company's latest issued one — with
 * the access key it got (its random code drawn from the request's id, so it is the same on every
 * reseed); null when the fixtures have none.
 */
export function nationalSeedTarget(companies: readonly Company[], requests: NfsRequest[]) {
  const company = companies.find((c) => c.id === NATIONAL_SEED_COMPANY)
  const request = requests
    .filter((r) => r.companyId === NATIONAL_SEED_COMPANY && r.status === 'issued')
    .filter((r) => r.number !== null && r.issuedAt !== null)
    .sort((a, b) => b.issuedAt!.localeCompare(a.issuedAt!))[0]
  const municipalityCode = ibgeCodeOf(company?.address ?? null)
  if (!company?.cnpj || !company.address || !request || !municipalityCode) return null
  const issuedAt = new Date(request.issuedAt!)
  const accessKey = composeAccessKey({
    municipalityCode,
    environment: '2',
    document: company.cnpj,
    nfseNumber: request.number!,
    issueMonth: todayInBrazil(issuedAt).slice(0, 7),
    code: String(rngFor(`nfse:${request.id}`).int(0, 999_999_999)).padStart(9, '0'),
  })
  return {
    company: { ...company, cnpj: company.cnpj, address: company.address },
    request,
    municipalityCode,
    issuedAt,
    accessKey,
  }
}

/**
 * Turns that invoice into one the national system issued: its DPS (série 1, number 1) signed
 * with the company's certificate, the NFS-e the stand-in keeps, signed with its own, and the
 * request's access key — as `POST /nfs/requests/{id}/issue` leaves them (its XML and DANFSe are
 * served from the national system until asked for).
 */
function nationalInvoice(
  target: NonNullable<ReturnType<typeof nationalSeedTarget>>,
  pems: CertificatePems,
  standIn: CertificatePems,
): { sequence: DpsSequence; nfse: SefinNfseRecord } {
  const { company, request, municipalityCode, issuedAt, accessKey } = target
  const series = '1'
  const dps = buildDps({
    request,
    provider: { municipalityCode, regime: providerRegimeOf(company.size), simplesRate: null },
    takerMunicipalityCode: request.taker ? ibgeCodeOf(request.taker.address) : null,
    series,
    number: 1,
    issuedAt,
  })
  const nfse = buildNfse({
    accessKey,
    number: request.number!,
    documentNumber: 1,
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
      address: company.address,
      municipalityCode,
      phone: null,
    },
    values: { iss: null, totalWithheld: 0, net: request.totalValue },
    signedDps: signEnveloped(dps.xml, 'infDPS', pems),
  })
  Object.assign(request, { accessKey, series, dpsNumber: 1 })
  return {
    sequence: { companyId: company.id, series, lastNumber: 1 },
    nfse: {
      accessKey,
      dpsId: dps.id,
      providerCnpj: company.cnpj,
      number: request.number!,
      documentNumber: 1,
      xml: signEnveloped(nfse, 'infNFSe', standIn, 'sefin'),
      status: 'active',
      processedAt: request.issuedAt!,
    },
  }
}

/**
 * Each active company with a CNPJ gets an e-CNPJ A1 from the local test CA (test-pki.ts: drawn
 * once per folder and reused on every reseed), its key sealed with the data folder's vault key
 * (vault-key.ts); and
 * one company's latest invoice was issued through the national system (`nationalInvoice`). The
 * other invoices were issued by the municipalities' own systems (a number, no access key).
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
    const target = holder.id === NATIONAL_SEED_COMPANY && nationalSeedTarget(companies, requests)
    if (!target) continue
    const national = nationalInvoice(target, pems, pki.standIn)
    data.dpsSequences.push(national.sequence)
    data.sefinNfse.push(national.nfse)
  }
  return data
}
