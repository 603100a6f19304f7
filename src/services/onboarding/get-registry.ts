import { queryOptions } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { registryRecordSchema, type RegistryRecord } from '@/schemas/registry'
import { api } from '@/services/api'
import { onboardingKeys } from './keys'

export const getRegistryInputSchema = idSchema

/**
 * GET /companies/{id}/registry: the Receita's record of the company's CNPJ (the data the
 * download-company-info step shows before the client confirms); null while there is no CNPJ.
 */
export async function getRegistry(
  companyId: string,
  signal?: AbortSignal,
): Promise<RegistryRecord | null> {
  const id = getRegistryInputSchema.parse(companyId)
  const { data } = await api.get(`/companies/${encodeURIComponent(id)}/registry`, {
    schema: recordOf(registryRecordSchema.nullable()),
    signal,
  })
  return data
}

export const registryQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: onboardingKeys.registry(companyId),
    queryFn: ({ signal }) => getRegistry(companyId, signal),
  })
