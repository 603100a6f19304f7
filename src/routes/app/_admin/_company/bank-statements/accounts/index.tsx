import { useEffect } from 'react'
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { navigateTo } from '@/guards/navigation'
import { pageTitle } from '@/lib/title'
import { bankAccountsQueryOptions, taxCategoriesQueryOptions } from '@/services/bank-statements'
import {
  BankAccountsScreen,
  bankAccountsListInput,
} from '@/screens/bank-statements/BankAccountsScreen'
import { changeFrom } from '@/lib/search-change'

const searchSchema = lazySearch(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  }),
)

export const Route = createFileRoute('/app/_admin/_company/bank-statements/accounts/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.companyId) return
    // The chart of accounts the transactions screen needs next (the same for every account).
    void queryClient.prefetchQuery(taxCategoriesQueryOptions())
    await queryClient.ensureQueryData(
      bankAccountsQueryOptions(bankAccountsListInput(view.companyId, deps)),
    )
  },
  head: () => ({ meta: [{ title: pageTitle('Extratos bancários') }] }),
  component: BankAccountsRoute,
})

function BankAccountsRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  // The transactions screen's code, fetched while the person reads the accounts: opening an
  // account then waits only for its data.
  useEffect(() => {
    void router.loadRouteChunk(
      router.routesById['/app/_admin/_company/bank-statements/accounts/$accountId/transactions'],
    )
  }, [router])
  return (
    <BankAccountsScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({ to: '/app/bank-statements/accounts', search: changeFrom(search, next) })
      }
      onLeaveForCora={(url) =>
        void navigateTo(
          {
            navigate: (href) => router.navigate({ href }),
            assign: (target) => window.location.assign(target),
          },
          url,
          { allowExternal: true },
        )
      }
    />
  )
}
