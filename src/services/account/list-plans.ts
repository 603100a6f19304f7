import { queryOptions, useQuery } from '@tanstack/react-query'
import { planSchema, type Plan } from '@/schemas/billing'
import { listOf } from '@/schemas/common'
import { companySizeSchema } from '@/schemas/company'
import { api } from '@/services/api'
import { accountKeys } from './keys'

type CompanySize = Plan['sizes'][number]

/** GET /plans?size: the active plans (for a company size, when given), public. */
export const listPlansInputSchema = companySizeSchema.nullable()

export async function listPlans(size: CompanySize | null, signal?: AbortSignal): Promise<Plan[]> {
  const parsed = listPlansInputSchema.parse(size)
  const { data } = await api.get('/plans', {
    query: { size: parsed ?? undefined },
    schema: listOf(planSchema),
    signal,
    auth: false,
  })
  return data
}

/** Plans change only with a deploy: kept for the whole visit. */
export const plansQueryOptions = (size: CompanySize | null = null) =>
  queryOptions({
    queryKey: accountKeys.plans(size),
    queryFn: ({ signal }) => listPlans(size, signal),
    staleTime: Infinity,
  })

export const usePlans = (size: CompanySize | null = null) => useQuery(plansQueryOptions(size))

/** A plan's name by id, for screens that hold only `planId` (never show the raw id). */
export const planNameOf = (plans: readonly Plan[], planId: string) =>
  plans.find((plan) => plan.id === planId)?.name ?? 'Plano não encontrado'
