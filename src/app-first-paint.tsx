import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { env } from './config/env'
import { classesIn, cssSubset } from './lib/css-subset'
import { LoginScreen, preloadLoginMode } from './screens/auth/LoginScreen'
import type { LoginSearch } from './screens/auth/login-search'
import { AppShellSkeleton } from './screens/layouts/AppShellSkeleton'
import { AuthLayout } from './screens/layouts/AuthLayout'
import { ConsentBanner } from './screens/site/consent/ConsentBanner'
import { consentBootScript } from './services/site/consent/consent'
import { storedUserKey } from './services/session/stored-user'
import { PageSkeleton } from './ui/Skeleton'

// app.html's first paint (issue 17): the build renders here, with the app's own components, what
// a full load of /app shows before any script ran, and scripts/vite/prerender.ts writes it into
// app.html (appFirstPaint): the pages as templates, the few lines (firstPaintScript) that put the
// right one on the page while the HTML is parsed, the cookie banner and the styles they use. The
// app replaces it on its first commit (src/first-paint.ts).

/** The pages a full load can start with, by template name. */
export type FirstPaintName = 'login' | 'login-next' | 'signup' | 'auth' | 'shell' | 'shell-narrow'

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

function login(search: LoginSearch) {
  // Sign-up's form reads React Query's client (its mutation): one for this render.
  return page(
    <QueryClientProvider client={new QueryClient()}>
      <AuthLayout>
        <LoginScreen search={search} onModeChange={ignore} onSignedIn={ignore} />
      </AuthLayout>
    </QueryClientProvider>,
  )
}

/** Each first paint's HTML, as React renders it (no hydration: the app replaces it). */
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
 * Run where app.html's #root ends, before the first paint (app.html also serves referral links,
 * which are not /app: nothing then): which page the address will show, as the routes decide it
 * (src/routes/app): with no user kept by the identity service in this browser, the login page
 * (sign-up with `?mode=signup`, where `?track=` picks the choice and `?indicatedBy=` fills the
 * code); signed in, the layout's skeleton (narrow for the wizards and the bare pages, with the
 * side menu elsewhere; the login page sends a signed-in visit on).
 *
 * Until the app takes over (src/first-paint.ts), it keeps what the visitor does on the painted
 * page in `window.__firstPaint`: the field focused, a form sent (never sent by the browser
 * itself: a password would go into the address), a button pressed, a cookie choice.
 */
export const firstPaintScript = (apiKey: string) =>
  '(function(d,w,k){var l=w.location,p=l.pathname.replace(/\\/+$/,""),q=new URLSearchParams(l.search),' +
  'm=q.get("mode"),s=true,n,t,r,e,v,f;if(!/^\\/app(\\/|$)/.test(p))return;' +
  'try{s=w.localStorage.getItem(k)!==null}catch(x){}' +
  'if(p==="/app/login")n=m==="signIn"?"auth":s?"shell":m==="signup"?"signup":m==="link"||m==="reset"?"auth":q.get("next")?"login-next":"login";' +
  'else if(!s)n="login-next";' +
  'else n=/^\\/app\\/(wizard|user\\/disabled|auth)(\\/|$)/.test(p)?"shell-narrow":"shell";' +
  't=d.getElementById("first-paint-"+n);r=d.getElementById("root");if(!t||!r)return;' +
  'r.appendChild(t.content.cloneNode(true));' +
  'f=w.__firstPaint={focused:null,submit:null,click:null,consent:null};' +
  'function o(x){var i=x.target;if(i&&i.name&&r.contains(i))f.focused=i.name}' +
  'function u(x){if(!r.contains(x.target))return;x.preventDefault();f.submit=x.target.getAttribute("aria-label")}' +
  'function c(x){var b=x.target&&x.target.closest&&x.target.closest("button");if(!b)return;' +
  'if(b.hasAttribute("data-consent-choice")){f.consent=b.getAttribute("data-consent-choice");d.documentElement.removeAttribute("data-consent")}' +
  'else if(r.contains(b)&&b.type!=="submit")f.click=b.getAttribute("aria-label")||b.textContent}' +
  'd.addEventListener("focusin",o,true);d.addEventListener("submit",u,true);d.addEventListener("click",c,true);' +
  'f.stop=function(){d.removeEventListener("focusin",o,true);d.removeEventListener("submit",u,true);d.removeEventListener("click",c,true)};' +
  'if(n!=="signup")return;' +
  'v=q.get("track");e=[].slice.call(r.querySelectorAll("input[name=trackId]"));' +
  'if(e.some(function(i){return i.value===v}))e.forEach(function(i){i.defaultChecked=i.checked=i.value===v});' +
  'v=q.get("indicatedBy");e=v&&r.querySelector("input[name=indicatedBy]");if(e)e.defaultValue=v' +
  `})(document,window,${JSON.stringify(storedUserKey(apiKey))})`

/**
 * What app.html gets: in <head>, the consent boot script and the styles the first paint uses
 * (out of `css`, the app's layouts', login screens' and design system's); in #consent-slot, the
 * banners; after #root, the templates and the script that picks one.
 */
export async function appFirstPaint(css: string, apiKey: string = env.firebase.apiKey) {
  const pages = await renderAppFirstPaint()
  const banners = renderConsentBanners()
  const html = Object.values(pages).join('') + banners
  return {
    head: `<script>${consentBootScript}</script>\n    <style>${cssSubset(css, classesIn(html))}</style>`,
    slot: banners,
    body: Object.entries(pages)
      .map(([name, page]) => `<template id="first-paint-${name}">${page}</template>`)
      .join('\n    ')
      .concat(`\n    <script>${firstPaintScript(apiKey)}</script>`),
  }
}
