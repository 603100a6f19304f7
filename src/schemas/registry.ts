import { z } from 'zod'
import { addressSchema } from './address'
import { cnaeCodeSchema } from './brazil'
import { isoDateSchema } from './common'
import { companySizeSchema } from './company'

/** Situação cadastral of a CNPJ at the Receita Federal. */
export const registryStatuses = ['ATIVA', 'SUSPENSA', 'INAPTA', 'BAIXADA', 'NULA'] as const
export const registryStatusSchema = z.enum(registryStatuses)

/**
 * A record of the CNPJ registry (the Receita Federal's public CNPJ data, as the CNPJ card shows
 * it). The mock server's stand-in serves these from `fixtures/cnpj-registry.json`.
 */
export const registryRecordSchema = z.object({
  cnpj: z.string().regex(/^[0-9A-Z]{12}\d{2}$/),
  legalName: z.string().min(1),
  tradeName: z.string().nullable(),
  status: registryStatusSchema,
  openedOn: isoDateSchema,
  legalNature: z.object({ code: z.string().regex(/^\d{3}-\d$/), text: z.string() }),
  size: companySizeSchema,
  shareCapital: z.number().nonnegative(),
  address: addressSchema,
  mainActivity: cnaeCodeSchema,
  secondaryActivities: z.array(cnaeCodeSchema),
  partners: z.array(z.object({ name: z.string(), role: z.string() })),
  email: z.string().nullable(),
  phone: z.string().nullable(),
})
export type RegistryRecord = z.infer<typeof registryRecordSchema>

/** `GET /api/cnpj-exists?cnpj` answers `{ exists }`. */
export const cnpjExistsSchema = z.object({ exists: z.boolean() })
