import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { recordOf } from '@/schemas/common'
import { dasnInputSchema, dasnSchema, type Dasn } from '@/schemas/year-end'
import { api } from '@/services/api'
import { companyYearInputSchema, yearPath, type CompanyYearInput } from './company-year'
import { deliverInputSchema, type DeliverInput } from './defis'
import { invalidateYear } from './invalidate'
import { yearEndKeys } from './keys'

/** GET /companies/{id}/dasn-simei/{year}: the MEI's year, its outcome and its declaration. */
export async function getDasn(input: CompanyYearInput, signal?: AbortSignal): Promise<Dasn> {
  const { data } = await api.get(yearPath('dasn-simei', input), {
    schema: recordOf(dasnSchema),
    signal,
  })
  return data
}

export const dasnQueryOptions = (companyId: string, year: number) =>
  queryOptions({
    queryKey: yearEndKeys.dasn(companyId, year),
    queryFn: ({ signal }) => getDasn({ companyId, year }, signal),
  })

export const saveDasnInputSchema = companyYearInputSchema.extend({ dasn: dasnInputSchema })
export type SaveDasnInput = z.input<typeof saveDasnInputSchema>

/** PUT /companies/{id}/dasn-simei/{year}: the employee and the revenue without an invoice. */
export async function saveDasn(input: SaveDasnInput): Promise<Dasn> {
  const { dasn, ...year } = saveDasnInputSchema.parse(input)
  const { data } = await api.put(yearPath('dasn-simei', year as CompanyYearInput), {
    body: dasn,
    schema: recordOf(dasnSchema),
  })
  return data
}

/** POST /companies/{id}/dasn-simei/{year}/deliver (the accountant). */
export async function deliverDasn(input: DeliverInput): Promise<Dasn> {
  const { delivery, ...year } = deliverInputSchema.parse(input)
  const { data } = await api.post(`${yearPath('dasn-simei', year as CompanyYearInput)}/deliver`, {
    body: delivery,
    schema: recordOf(dasnSchema),
  })
  return data
}

function useDasnMutation<I extends CompanyYearInput>(run: (input: I) => Promise<Dasn>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: (dasn, { companyId, year }) => {
      queryClient.setQueryData(yearEndKeys.dasn(companyId, year), dasn)
      return invalidateYear(queryClient, companyId)
    },
  })
}

export const useSaveDasn = () => useDasnMutation(saveDasn)
export const useDeliverDasn = () => useDasnMutation(deliverDasn)
