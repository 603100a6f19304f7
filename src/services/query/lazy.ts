// Loads React Query the first time a signed-in layout asks for it (src/routes/app/-query-context.ts;
// a full load where someone is signed in asks at once, src/entries/app/main.tsx). Public pages and the login
// page never load it.

type QueryModule = typeof import('./client')

let loading: Promise<QueryModule> | null = null

export const loadQuery = () => (loading ??= import('./client'))

export { isAppPath } from '@/lib/paths'
