import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { pageTitle } from '@/lib/title'
import { ducaCompaniesQueryOptions, myDucaQueryOptions } from '@/services/partners'
import { DUCA_PAGE_SIZE, DucaPartnerScreen } from '@/screens/partners/DucaPartnerScreen'

const searchSchema = lazySearch(() =>
  z.object({
    offset: z.coerce.number().int().min(0).optional().catch(undefined),
  }),
)

export const Route = createFileRoute('/app/_admin/partners/duca')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ offset: search.offset ?? 0 }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.user) return
    const partner = await queryClient.ensureQueryData(myDucaQueryOptions(view.user.uid))
    if (partner?.status === 'approved')
      await queryClient.ensureQueryData(
        ducaCompaniesQueryOptions(view.user.uid, { limit: DUCA_PAGE_SIZE, offset: deps.offset }),
      )
  },
  head: () => ({ meta: [{ title: pageTitle('Duca') }] }),
  component: DucaPartnerRoute,
})

function DucaPartnerRoute() {
  const { offset } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <DucaPartnerScreen
      offset={offset ?? 0}
      onOffsetChange={(next) =>
        void navigate({ to: '/app/partners/duca', search: { offset: next || undefined } })
      }
    />
  )
}
