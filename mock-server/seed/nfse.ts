import type { Company } from '../../src/schemas/company'
import type { Model } from '../model'
import { certificateFacts } from '../nfse/certificates'
import type { CertificateRecord } from '../nfse/records'
import { testPki } from '../nfse/test-pki'
import { seal, vaultKeyIn } from '../nfse/vault'

/** The national NFS-e's collections: certificates, DPS numbering, the Sefin stand-in's registry. */
export type NfseData = Pick<Model, 'certificates' | 'dpsSequences' | 'sefinNfse' | 'sefinEvents'>

/** Where the seed finds the local test PKI and the key that seals the companies' keys. */
export type NfseSeedOptions = { dataDir: string; testPkiDir: string }

/** The companies that get a test certificate: the active ones with a CNPJ. */
export const certifiedCompanies = (companies: readonly Company[]) =>
  companies
    .filter((company) => company.status === 'active' && company.cnpj)
    .map((company) => ({ id: company.id, name: company.name, cnpj: company.cnpj! }))

/**
 * Each active company with a CNPJ gets an e-CNPJ A1 from the local test CA (test-pki.ts: drawn
 * once per folder and reused on every reseed), its key sealed with the data folder's key. No
 * DPS numbered yet and nothing in the stand-in's registry: the seeded invoices that are issued
 * were issued before, by the municipality's own system.
 */
export function seedNfse(companies: readonly Company[], options?: NfseSeedOptions): NfseData {
  const certificates: CertificateRecord[] = []
  if (options) {
    const holders = certifiedCompanies(companies)
    const pki = testPki(options.testPkiDir)
    const key = vaultKeyIn(options.dataDir)
    for (const holder of holders) {
      const pems = pki.certificateOf(holder)
      const facts = certificateFacts(pems.certificatePem)
      certificates.push({
        ...facts,
        cnpj: holder.cnpj,
        companyId: holder.id,
        certificatePem: pems.certificatePem,
        privateKey: seal(key, pems.privateKeyPem),
        uploadedAt: facts.notBefore,
        uploadedBy: 'seed',
      })
    }
  }
  return { certificates, dpsSequences: [], sefinNfse: [], sefinEvents: [] }
}
