import type { TrackId } from '@/schemas/company'

/**
 * Pages that are one story each, with nothing of their own: the title when the story has no SEO
 * title, and the sign-up track the page stands for. The client-side routes and the build
 * (src/entries/prerender/entry-prerender.tsx) read them here.
 */
export const storyPages = {
  'abrir-empresa': { path: '/abrir-empresa', title: 'Abrir empresa', track: 'create-company' },
  'trocar-contador': {
    path: '/trocar-contador',
    title: 'Trocar de contador',
    track: 'migrate-company',
  },
  'lp/irpf/2024': { path: '/lp/irpf/2024', title: 'Imposto de Renda 2024', track: undefined },
  'lp/irpf/2025': { path: '/lp/irpf/2025', title: 'Imposto de Renda 2025', track: undefined },
} as const satisfies Record<string, { path: string; title: string; track: TrackId | undefined }>
