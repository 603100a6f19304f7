// React Query for the signed-in area: the one client of the tab and its provider. Public pages
// never import this; the app loads it on demand through ./lazy.ts (src/routes/__root.tsx).
export { createQueryClient, queryClient, QueryRoot } from './client'
