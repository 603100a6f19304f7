import type { ReactNode } from 'react'
import { configure, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import type { SessionView } from '@/machines/session'
import type { Company } from '@/schemas/company'
import { nationalFieldsUnset, type NfsRequest } from '@/schemas/invoice'
import { SessionContext, type SessionService } from '@/services/session'
import { Toaster } from '@/ui/Toaster'

// The signed-in screens of invoices, documents and bank statements on their own: a fresh query
// client, ana's session (only what screens read from it), a router for their links, the toasts;
// the API is msw's (each test file starts its own server).

// jsdom on a busy machine: room for the first render of a screen.
configure({ asyncUtilTimeout: 5000 })

export const API = 'http://localhost:3000'

export const anaCompany: Company = {
  id: 'cmp-ana-design',
  name: 'Ana Design Ltda',
  alias: 'Ana Design',
  cnpj: '45218739000102',
  status: 'active',
  address: {
    zipCode: '01310200',
    state: 'SP',
    city: 'São Paulo',
    street: 'Avenida Paulista',
    number: '1578',
    complement: 'Conjunto 72',
    neighborhood: 'Bela Vista',
  },
  currentSubscription: null,
  trackId: 'create-company',
  type: 'private_limited',
  size: 'ME',
  activities: ['7410202'],
  statusHistory: [],
  createdAt: '2025-02-10T13:30:00.000Z',
  updatedAt: '2025-02-10T13:30:00.000Z',
}

/** A session that only answers what screens read: ana, her company. */
function sessionOf(company: Company | null): SessionService {
  const view = {
    status: 'ready',
    user: {
      uid: 'uid-ana',
      email: 'ana@contabil.dev',
      displayName: 'Ana Paula Ribeiro',
      phoneNumber: null,
      photoUrl: null,
      createdAt: '2025-02-10T13:30:00.000Z',
    },
    claims: { roles: ['company-admin'], companies: [anaCompany.id], companyId: anaCompany.id },
    isSystemAdmin: false,
    companyId: company?.id ?? null,
    company,
    track: null,
    error: null,
    refreshing: false,
  } as unknown as SessionView
  return { subscribe: () => () => {}, view: () => view } as unknown as SessionService
}

/** Renders a screen inside a router, with a query client and ana's session. */
/** An NFS-e of ana's company issued through the national system, number `number`. */
export const issuedRequest = (id: string, number: number): NfsRequest => ({
  id,
  companyId: anaCompany.id,
  cnpj: anaCompany.cnpj!,
  totalValue: 4_500,
  serviceDescription: 'Criação de identidade visual',
  serviceCode: '23.01',
  taxationCode: '230101',
  municipalityCode: '3550308',
  municipalityName: 'São Paulo/SP',
  issWithheld: false,
  issTaxation: 'taxable',
  taker: null,
  date: '2026-11-10',
  status: 'issued',
  number,
  issuedAt: '2026-11-10T14:00:00.000Z',
  rejectionReason: null,
  ...nationalFieldsUnset,
  accessKey: `355030824521873900010200000000000${String(number).padStart(13, '0')}0000`.slice(
    0,
    50,
  ),
  series: '900',
  dpsNumber: number,
  schedulerId: null,
  statusHistory: [],
  createdBy: 'ana@contabil.dev',
  createdAt: '2026-11-10T13:00:00.000Z',
  updatedAt: '2026-11-10T14:00:00.000Z',
})

export async function renderScreen(
  ui: () => ReactNode,
  { company = anaCompany }: { company?: Company | null } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const rootRoute = createRootRoute({
    component: () => (
      <SessionContext.Provider value={sessionOf(company)}>
        {ui()}
        <Toaster />
      </SessionContext.Provider>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, queryClient, router, user: userEvent.setup() }
}
