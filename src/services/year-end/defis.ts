import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { recordOf } from '@/schemas/common'
import { defisInputSchema, defisSchema, deliveryInputSchema, type Defis } from '@/schemas/year-end'
import { api } from '@/services/api'
import { companyYearInputSchema, yearPath, type CompanyYearInput } from './company-year'
import { invalidateYear } from './invalidate'
import { yearEndKeys } from './keys'

/** GET /companies/{id}/defis/{year}: the DEFIS assembled and what is left to complete. */
export async function getDefis(input: CompanyYearInput, signal?: AbortSignal): Promise<Defis> {
  const { data } = await api.get(yearPath('defis', input), {
    schema: recordOf(defisSchema),
    signal,
  })
  return data
}

export const defisQueryOptions = (companyId: string, year: number) =>
  queryOptions({
    queryKey: yearEndKeys.defis(companyId, year),
    queryFn: ({ signal }) => getDefis({ companyId, year }, signal),
  })

export const saveDefisInputSchema = companyYearInputSchema.extend({ defis: defisInputSchema })
export type SaveDefisInput = z.input<typeof saveDefisInputSchema>

/** PUT /companies/{id}/defis/{year}: what the product cannot know (replaces what was there). */
export async function saveDefis(input: SaveDefisInput): Promise<Defis> {
  const { defis, ...year } = saveDefisInputSchema.parse(input)
  const { data } = await api.put(yearPath('defis', year as CompanyYearInput), {
    body: defis,
    schema: recordOf(defisSchema),
  })
  return data
}

export const deliverInputSchema = companyYearInputSchema.extend({ delivery: deliveryInputSchema })
export type DeliverInput = z.input<typeof deliverInputSchema>

/** POST /companies/{id}/defis/{year}/deliver (the accountant): the receipt, and the late fine. */
export async function deliverDefis(input: DeliverInput): Promise<Defis> {
  const { delivery, ...year } = deliverInputSchema.parse(input)
  const { data } = await api.post(`${yearPath('defis', year as CompanyYearInput)}/deliver`, {
    body: delivery,
    schema: recordOf(defisSchema),
  })
  return data
}

/** Saving or delivering answers the DEFIS as it now is. */
function useDefisMutation<I extends CompanyYearInput>(run: (input: I) => Promise<Defis>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (defis, { companyId, year }) => {
      queryClient.setQueryData(yearEndKeys.defis(companyId, year), defis)
      return invalidateYear(queryClient, companyId)
    },
  })
}

export const useSaveDefis = () => useDefisMutation(saveDefis)
export const useDeliverDefis = () => useDefisMutation(deliverDefis)
