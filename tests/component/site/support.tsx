import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import type { Blok, Multilink, PlanContent, Story } from '@/schemas/content'
import { Toaster } from '@/ui/Toaster'

/** Renders public-site UI inside a router (links, navigation), as the app does. */
export async function renderInRouter(ui: () => ReactNode, path = '/') {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui()}
        <Toaster />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  const result = render(<RouterProvider router={router} />)
  return { ...result, router }
}

let uid = 0
export const blok = <T extends Record<string, unknown>>(component: string, fields: T): Blok & T =>
  ({ _uid: `b${++uid}`, component, ...fields }) as Blok & T

export const storyLink = (fullSlug: string, anchor?: string): Multilink => ({
  id: `uuid-${fullSlug}`,
  url: '',
  linktype: 'story',
  fieldtype: 'multilink',
  cached_url: fullSlug,
  ...(anchor ? { anchor } : {}),
  story: { uuid: `uuid-${fullSlug}`, full_slug: fullSlug, name: fullSlug, url: fullSlug },
})

export const urlLink = (url: string): Multilink => ({
  id: '',
  url,
  linktype: 'url',
  fieldtype: 'multilink',
  cached_url: url,
})

export function storyOf<C extends Blok>(fullSlug: string, content: C): Story<C> {
  return {
    id: 1,
    uuid: `uuid-${fullSlug}`,
    name: fullSlug,
    slug: fullSlug.split('/').pop()!,
    full_slug: fullSlug,
    content,
    created_at: '2026-01-01T00:00:00.000Z',
    published_at: '2026-01-02T00:00:00.000Z',
    first_published_at: '2026-01-02T00:00:00.000Z',
    sort_by_date: null,
    tag_list: [],
    is_startpage: false,
    parent_id: 0,
    position: 0,
    lang: 'default',
    path: null,
    group_id: 'g',
    meta_data: null,
    release_id: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  }
}

export const plan = (planId: string, name: string, price: number, highlighted = false) =>
  storyOf<PlanContent>(`planos/${planId}`, {
    _uid: `p-${planId}`,
    component: 'plan',
    kind: 'subscription',
    plan_id: planId,
    name,
    audience: `Para quem escolhe ${name}`,
    price,
    price_note: 'por mês',
    features: 'Contabilidade completa\nDAS todo mês',
    highlighted,
  })
