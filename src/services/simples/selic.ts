import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import {
  selicInputSchema,
  selicMonthSchema,
  selicTableSchema,
  type SelicInput,
  type SelicMonth,
  type SelicTable,
} from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

/** GET /selic: the monthly Selic the product has, newest first, and the last read of the series. */
export async function getSelicTable(signal?: AbortSignal): Promise<SelicTable> {
  const { data } = await api.get('/selic', { schema: recordOf(selicTableSchema), signal })
  return data
}

export const selicQueryOptions = () =>
  queryOptions({ queryKey: simplesKeys.selic(), queryFn: ({ signal }) => getSelicTable(signal) })

/** POST /selic/refresh: reads the Banco Central's series 4390 now. */
export async function refreshSelic(): Promise<SelicTable> {
  const { data } = await api.post('/selic/refresh', { schema: recordOf(selicTableSchema) })
  return data
}

/** POST /selic: a month the product lacks, with its source. */
export async function addSelicMonth(input: SelicInput): Promise<SelicMonth> {
  const body = selicInputSchema.parse(input)
  const { data } = await api.post('/selic', { body, schema: recordOf(selicMonthSchema) })
  return data
}

/** A new Selic changes what an overdue guide costs: the late-payment quotes are read again. */
export function useRefreshSelic() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: refreshSelic,
    onSuccess: (table) => {
      queryClient.setQueryData(simplesKeys.selic(), table)
      return queryClient.invalidateQueries({ queryKey: simplesKeys.all, refetchType: 'none' })
    },
  })
}

export function useAddSelicMonth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addSelicMonth,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simplesKeys.all }),
  })
}
