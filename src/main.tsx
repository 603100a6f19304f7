import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { createPublicRouter } from './router-public'
import { watchForNewBuilds } from './services/site/build/watch'
import { installGlobalErrorHandlers } from './services/errors'
import { isAppPath } from './services/query/lazy'
import './ui/styles/base.css'

installGlobalErrorHandlers()

// Public pages start with the public routes only (src/router-public.tsx); the signed-in area
// loads the whole app's router (src/router.tsx) first.
const router: AnyRouter = isAppPath(window.location.pathname)
  ? (await import('./router')).createAppRouter()
  : createPublicRouter()
// A newer build is loaded on the next navigation; a chunk that fails to load reloads once.
watchForNewBuilds(router)

// A transition: React renders the first page in slices, so the page stays responsive while it
// builds (and the header drawn by index.html stays until the page is ready).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
})
