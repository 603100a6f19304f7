import type { Company } from '../../../src/schemas/company'
import type { RegistryRecord } from '../../../src/schemas/registry'
import type { Store } from '../../store/database'

// The Receita Federal's CNPJ registry as the product asks it: what it answers for a CNPJ. The
// composition root (mock-server/app.ts) hands the contexts the stand-in's answers
// (mock-server/stand-ins/receita-cnpj/registry.ts); nothing here reads the stand-in itself.

export type CnpjRegistry = {
  /** What the Receita answers for a CNPJ (canonical: 14 characters, no mask), or null. */
  recordOf(cnpj: string): RegistryRecord | null
}

/**
 * The registry as the product writes to it: a company we opened is registered once its CNPJ is
 * recorded (the Junta Comercial's registration reaching the Receita), and a CNPJ recorded by
 * mistake is withdrawn (commands.ts `recordCompanyCnpj`, the record from registration.ts). The
 * registry keeps what it was given; it does not read the product's records to answer.
 */
export type WritableCnpjRegistry = CnpjRegistry & {
  /** Registers the record of a company we opened (a record the registry had before us stays). */
  register(record: RegistryRecord): void
  /** Withdraws the record the product registered for a CNPJ (none of those it had before us). */
  withdraw(cnpj: string): void
}

/** The company type a registry record's legal nature says (an individual entrepreneur or not). */
export const companyTypeOf = (record: RegistryRecord): Company['type'] =>
  record.legalNature.code === '213-5' ? 'on_person' : 'private_limited'

// The registry a store's companies are asked about, for the code that reaches the company's
// registry facts from deep inside a computation (the month's start of activity,
// domain/simples/facts.ts) rather than from a command's deps. One per store, attached by whoever
// builds the store for serving (mock-server/app.ts), the way the reconciler is
// (domain/bank/reconciliation/reconciler.ts `attachReconciler`).
const registries = new WeakMap<Store, CnpjRegistry>()

/** Plugs the registry the store's companies are asked about. */
export function attachRegistry(store: Store, registry: CnpjRegistry) {
  registries.set(store, registry)
}

/** The registry attached to the store (attachRegistry); throws when none is. */
export function registryOf(store: Store): CnpjRegistry {
  const registry = registries.get(store)
  if (!registry)
    throw new Error(
      'No CNPJ registry is attached to this store: attachRegistry (domain/companies/registry.ts) first.',
    )
  return registry
}
