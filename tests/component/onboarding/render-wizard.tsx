import { Suspense, useState } from 'react'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { vi } from 'vitest'
import type { SessionView } from '@/machines/session'
import type { TrackId } from '@/schemas/company'
import type { StepId } from '@/schemas/track'
import { SessionProvider, type SessionService } from '@/services/session'
import { stepRegistry } from '@/screens/onboarding/step-registry'
import { TrackWizardScreen } from '@/screens/onboarding/TrackWizardScreen'
import { COMPANY_ID } from './wizard-backend'

export const USER = {
  uid: 'uid-lia',
  email: 'lia@example.com',
  displayName: 'Lia Ramos Prado',
  phoneNumber: '+5511988887777',
  photoUrl: null,
  createdAt: '2026-11-01T12:00:00.000Z',
}

/** The session as the wizard reads it: Lia, signed in, with her company. */
function sessionOf(): SessionService {
  const view = {
    status: 'ready',
    user: USER,
    claims: { roles: ['company-admin'], companies: [COMPANY_ID], companyId: COMPANY_ID },
    isSystemAdmin: false,
    companyId: COMPANY_ID,
    company: null,
    track: null,
    error: null,
    refreshing: false,
  } as unknown as SessionView
  return { subscribe: () => () => {}, view: () => view } as unknown as SessionService
}

/**
 * The wizard screen as its route renders it (a router for its links, React Query, the session),
 * with `?etapa=` kept in state. Answers the query client (to stand for the wizard's polling) and
 * the checkout spy.
 */
export function renderWizard(trackId: TrackId) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const onCheckout = vi.fn()
  const session = sessionOf()
  function Screen() {
    const [viewing, setViewing] = useState<StepId | undefined>(undefined)
    return (
      <Suspense fallback={<p>Carregando…</p>}>
        <TrackWizardScreen
          trackId={trackId}
          viewing={viewing}
          payment={undefined}
          onView={setViewing}
          onCheckout={onCheckout}
        />
      </Suspense>
    )
  }
  const rootRoute = createRootRoute({ component: Screen })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider service={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  )
  return { ...result, queryClient, onCheckout }
}

/**
 * The steps' screens, loaded once before a file's tests: the app loads each when it first shows
 * (a lazy component), and a test's timing should be its own, not the first load's.
 */
export const loadStepScreens = () =>
  Promise.all(Object.values(stepRegistry).map((entry) => entry.Form.preload()))
