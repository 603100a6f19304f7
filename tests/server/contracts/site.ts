import type { EndpointContract } from './types'

/** The public site: content stand-in, CNAEs, cities, leads, referral links, areas (mock-server/routes: content.ts, cnaes.ts, cities.ts, leads.ts, links.ts, areas.ts). */
export const siteContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/v2/cdn/stories',
    example: '/v2/cdn/stories?token=local-public-token&starts_with=blog/posts/&per_page=5',
    access: 'public',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/v2/cdn/stories/{slug}',
    example:
      '/v2/cdn/stories/abrir-empresa?token=local-preview-token&version=draft&resolve_relations=pricing.plans,lead_form.plans',
    access: 'public',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/cnaes',
    example: '/cnaes?search=desenvolvimento%20de%20software&limit=10&offset=0&isActive=true',
    access: 'public',
    takesInput: true,
  },
  { method: 'GET', route: '/cnaes/{code}', example: '/cnaes/6201501', access: 'public' },
  {
    method: 'GET',
    route: '/api/city-search',
    example: '/api/city-search?q=sao%20jose&limit=5',
    access: 'public',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/api/cities/{slug}',
    example: '/api/cities/sao-jose-dos-campos-sp',
    access: 'public',
  },
  {
    method: 'POST',
    route: '/leads',
    example: '/leads',
    access: 'public',
    takesInput: true,
    body: {
      name: 'Joana Prado',
      email: 'joana.prado@example.com',
      phone: '+55 (11) 97777-6666',
      planId: 'plan-servicos',
      source: '/abrir-empresa',
      track: 'create-company',
    },
  },
  { method: 'GET', route: '/links/{alias}', example: '/links/ana-design', access: 'public' },
  { method: 'GET', route: '/areas/{slug}', example: '/areas/tecnologia', access: 'public' },
]
