import type { RegistryRecord } from '../../../src/schemas/registry'
import type { Store } from '../../store/database'
import type { ReceitaCnpjRecord } from '../../store/receita-cnpj-records'
import { reference } from '../reference-data'

// The Receita Federal's CNPJ registry stand-in (docs/product.md §12). It answers from its own
// records (the store's `receitaCnpjRecords`, mock-server/store/receita-cnpj-records.ts), never
// from the product's: the fixture's (companies that existed before us, written by the seed) and,
// like the real registry once the Junta Comercial registers a company, the record of every
// company we opened, given to it when its CNPJ was recorded
// (mock-server/domain/companies/registration.ts).

/**
 * The registry's fixture records alone — the companies that existed before us — as the product's
 * client of the registry: what the seed asks while it builds the data set, before any store
 * (mock-server/seed/index.ts).
 */
export const fixtureRegistry = {
  recordOf: (cnpj: string): RegistryRecord | null => reference().registry.get(cnpj) ?? null,
}

/** The fixture's records as the registry keeps them (the seed writes them into its table). */
export const fixtureRecords = (): ReceitaCnpjRecord[] =>
  [...reference().registry.values()].map((record) => ({ ...record, registeredAt: null }))

/** What the Receita answers for a CNPJ (canonical: 14 characters, no mask), or null. */
export function registryRecordOf(store: Store, cnpj: string): RegistryRecord | null {
  const kept = store.receitaCnpjRecords.get(cnpj)
  if (!kept) return null
  const { registeredAt: _registeredAt, ...record } = kept
  return record
}

/**
 * Registers a company's record, as given, at `at`. A CNPJ the registry had before us keeps its
 * record (it is answered as it was); one registered before is written again.
 */
export function registerRecord(store: Store, record: RegistryRecord, at: string) {
  store.write(() => {
    const kept = store.receitaCnpjRecords.get(record.cnpj)
    if (kept && kept.registeredAt === null) return
    store.receitaCnpjRecords.put({ ...record, registeredAt: at })
  })
}

/** Withdraws the record registered for a CNPJ; the records from before us stay. */
export function withdrawRecord(store: Store, cnpj: string) {
  store.write(() => {
    const kept = store.receitaCnpjRecords.get(cnpj)
    if (kept && kept.registeredAt !== null) store.receitaCnpjRecords.remove(cnpj)
  })
}

/**
 * The stand-in as the product's client of the registry, reading and registering
 * (WritableCnpjRegistry, mock-server/domain/companies/registry.ts).
 */
export const standInRegistry = (store: Store) => ({
  recordOf: (cnpj: string) => registryRecordOf(store, cnpj),
  register: (record: RegistryRecord) => registerRecord(store, record, new Date().toISOString()),
  withdraw: (cnpj: string) => withdrawRecord(store, cnpj),
})
