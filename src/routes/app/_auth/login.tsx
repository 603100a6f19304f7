import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { afterSignInPath } from '@/guards/enforce'
import { pageTitle } from '@/lib/title'
import { LoginScreen, preloadLoginMode } from '@/screens/auth/LoginScreen'
import { parseLoginSearch } from './-login-search'

export const Route = createFileRoute('/app/_auth/login')({
  validateSearch: parseLoginSearch,
  loaderDeps: ({ search }) => ({ mode: search.mode }),
  loader: ({ deps }) => preloadLoginMode(deps.mode),
  // Signed in already: straight on to `next` (or home).
  beforeLoad: ({ context, search }) => {
    if (context.view.user)
      throw redirect({ href: afterSignInPath(context.view, search.next), replace: true })
  },
  head: () => ({ meta: [{ title: pageTitle('Entrar') }] }),
  component: LoginRoute,
})

function LoginRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <LoginScreen
      search={search}
      onModeChange={(mode) =>
        void navigate({
          to: '/app/login',
          search: { next: search.next, track: search.track, indicatedBy: search.indicatedBy, mode },
          replace: true,
        })
      }
      onSignedIn={(view) =>
        void navigate({ href: afterSignInPath(view, search.next), replace: true })
      }
    />
  )
}
