import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { pageTitle } from '@/lib/title'
import { CoraCallbackScreen } from '@/screens/bank-statements/CoraCallbackScreen'

const callbackSearchSchema = lazySearch(() =>
  z.object({
    code: z.coerce.string().trim().min(1).max(512).optional().catch(undefined),
    state: z.coerce.string().trim().min(1).max(128).optional().catch(undefined),
    error: z.coerce.string().trim().max(100).optional().catch(undefined),
  }),
)

export const Route = createFileRoute('/app/_default/auth/cora/callback')({
  validateSearch: callbackSearchSchema,
  head: () => ({ meta: [{ title: pageTitle('Conexão com o Cora') }] }),
  component: CoraCallbackRoute,
})

function CoraCallbackRoute() {
  const { code, state, error } = Route.useSearch()
  return <CoraCallbackScreen code={code} state={state} error={error} />
}
