import type { Company } from '../../../src/schemas/company'
import type { RegistryRecord } from '../../../src/schemas/registry'

// The Receita Federal's CNPJ registry as the product asks it: what it answers for a CNPJ. The
// composition root (mock-server/app.ts) hands the contexts the stand-in's answers
// (mock-server/stand-ins/receita-cnpj/registry.ts); nothing here reads the stand-in itself.

export type CnpjRegistry = {
  /** What the Receita answers for a CNPJ (canonical: 14 characters, no mask), or null. */
  recordOf(cnpj: string): RegistryRecord | null
}

/** The company type a registry record's legal nature says (an individual entrepreneur or not). */
export const companyTypeOf = (record: RegistryRecord): Company['type'] =>
  record.legalNature.code === '213-5' ? 'on_person' : 'private_limited'
