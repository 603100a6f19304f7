import { z } from 'zod'
import { registryRecordSchema } from '../../src/schemas/registry'

// What the Receita's CNPJ registry stand-in keeps (mock-server/stand-ins/receita-cnpj/registry.ts):
// its own records, as a registry has them, apart from the product's companies. Described here, in
// the store, so that the store never reaches into the stand-in that writes them.

/**
 * A record of the registry: what it answers for the CNPJ (src/schemas/registry.ts), and when the
 * product registered it — null for the records the registry had before us (the fixture's).
 */
export const receitaCnpjRecordSchema = registryRecordSchema.extend({
  registeredAt: z.string().nullable(),
})
export type ReceitaCnpjRecord = z.infer<typeof receitaCnpjRecordSchema>
