import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { env } from '@/config/env'
import type { FirstPaintName } from '@/lib/landing'
import { classesIn, cssSubset } from '@/lib/css-subset'
import { LoginPage } from '@/screens/auth/LoginPage'
import { preloadLoginMode } from '@/screens/auth/LoginScreen'
import type { LoginSearch } from '@/screens/auth/login-search'
import { AppShellSkeleton } from '@/screens/layouts/AppShellSkeleton'
import { AuthLayout } from '@/screens/layouts/AuthLayout'
import { ConsentBanner } from '@/screens/site/consent/ConsentBanner'
import { consentBootScript } from '@/services/site/consent/consent'
import { storedUserKey } from '@/services/session/stored-user'
import { PageSkeleton } from '@/ui/Skeleton'

// app.html's first paint (CONTRIBUTING.md "Signed-in area"): the build renders here, with the app's
// own components, what a full load of /app shows before any script ran, and
// scripts/vite/prerender.ts writes it into app.html (appFirstPaint): the pages as templates, the
// script that puts the right one on the page while the HTML is parsed (src/entries/painted-page,
// compiled from TypeScript at build: it decides with src/lib/landing.ts, as the gates do), the
// cookie banner and the styles they use. The app replaces it on its first commit
// (src/entries/app/first-paint.ts), but for the login page of a signed-out full load, which it
// hydrates (src/entries/app/login-page.tsx).

/** What the root route puts before every page (src/routes/__root.tsx). */
const page = (children: ReactNode) => (
  <>
    <a className="skip-link" href="#conteudo">
      Pular para o conteúdo
    </a>
    {children}
  </>
)

const ignore = () => undefined

/** The login page: the same tree a signed-out full load hydrates (src/entries/app/login-page.tsx). */
const login = (search: LoginSearch) => (
  <LoginPage search={search} onModeChange={ignore} onSignedIn={ignore} />
)

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * Each first paint's HTML, as React renders it. A signed-out full load of the login page hydrates
 * its form; the app replaces the others on its first commit.
 */
async function renderAppFirstPaint(): Promise<Record<FirstPaintName, string>> {
  // The sign-up form comes with its mode (src/screens/auth/LoginScreen.tsx).
  await preloadLoginMode('signup')
  return {
    login: renderToString(login({})),
    'login-next': renderToString(login({ next: '/app' })),
    signup: renderToString(login({ mode: 'signup' })),
    auth: renderToString(
      page(
        <AuthLayout>
          <PageSkeleton />
        </AuthLayout>,
      ),
    ),
    shell: renderToString(page(<AppShellSkeleton sideMenu />)),
    'shell-narrow': renderToString(page(<AppShellSkeleton sideMenu={false} />)),
  }
}

/** The cookie banner in both languages, hidden until consentBootScript asks for one. */
const renderConsentBanners = () =>
  renderToString(
    <>
      <ConsentBanner locale="pt" where="app" prerendered />
      <ConsentBanner locale="en" where="app" prerendered />
    </>,
  )

/**
 * What app.html gets: in <head>, the consent boot script and the styles the first paint uses
 * (out of `css`, the app's layouts', login screens' and design system's); in #consent-slot, the
 * banners; after #root, the templates and `script` (the painted page's compiled script), which
 * picks one; its element carries the key the identity service keeps its user under.
 */
export async function appFirstPaint(
  css: string,
  script: string,
  apiKey: string = env.firebase.apiKey,
) {
  const pages = await renderAppFirstPaint()
  const banners = renderConsentBanners()
  const html = Object.values(pages).join('') + banners
  return {
    head: `<script>${consentBootScript}</script>\n    <style>${cssSubset(css, classesIn(html))}</style>`,
    slot: banners,
    body: Object.entries(pages)
      .map(([name, page]) => `<template id="first-paint-${name}">${page}</template>`)
      .join('\n    ')
      .concat(
        `\n    <script data-user-key="${escapeAttribute(storedUserKey(apiKey))}">${script}</script>`,
      ),
  }
}
