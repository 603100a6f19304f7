import { messages } from '@/schemas/messages'
import { installGlobalErrorHandlers, recordError } from '@/services/errors'
import { isChunkLoadError, reloadOnce } from '@/services/site/build/reload'
import {
  applyConsentChoice,
  consentLocale,
  loadTagManager,
  storedConsent,
  type ConsentChoice,
} from '@/services/site/consent/consent'
import { isPreview } from '@/services/site/content/preview'
import {
  isTrack,
  referralParam,
  refreshSignUpLinks,
  rememberReferral,
  rememberTrack,
} from '@/services/site/links/signup'
import { env } from '@/config/env'

// The script of every prerendered public page (the build writes them, src/entries/prerender/entry-prerender.tsx).
// The page is complete without it; this small file only wires up what a visitor touches, with no
// framework: the cookie banner, the menu, the sign-up links (the remembered track and referral),
// the 404 page's address. The islands (lead form, city search, CNAE search) load React and
// their code only when the visitor reaches for them. Editors' previews, and addresses the
// prerendered page cannot answer by itself, start the client-side app instead.

const html = document.documentElement

/** The static page's own listeners on the document, removed if the client-side app takes over. */
const staticPage = new AbortController()

/** Pages the prerendered HTML does not hold: the client-side app renders them. */
function needsClientApp(): boolean {
  const { pathname, search } = window.location
  // An editor opened a preview (the preview kept for the tab is checked a moment later).
  const params = new URLSearchParams(search)
  if (params.has('_storyblok') || params.get('preview') === '1') return isPreview()
  // An older blog page (?pagina=2): the build writes the first one.
  if (pathname === '/blog' && Number(params.get('pagina')) > 1) return true
  // A CNAE code without its canonical text: the app redirects to the canonical address.
  if (/^\/tools\/cnae\/\d{7}/.test(pathname) && document.querySelector('[data-not-found]'))
    return true
  return false
}

async function startClientApp() {
  // The app brings its own cookie banner; the page's one steps aside.
  html.removeAttribute('data-consent')
  document.getElementById('consent-slot')?.replaceChildren()
  const entry =
    document.querySelector<HTMLScriptElement>('script[data-app-entry]')?.dataset.appEntry
  if (!entry) throw new Error('the page does not name the app entry')
  await import(/* @vite-ignore */ entry)
}

// ---------------------------------------------------------------------------------------------
// Cookie consent (docs/product.md §2 and §9): the page holds the banner in both languages; the
// page's first script (consentBootScript) showed one if there is no valid choice yet.

/** A click on the banner's choices or on "Preferências de cookies" (delegated from the document). */
function onConsentClick(target: Element): boolean {
  const choice = target.closest<HTMLElement>('[data-consent-choice]')?.dataset.consentChoice
  if (choice === 'all' || choice === 'necessary') {
    applyConsentChoice(choice as ConsentChoice)
    html.removeAttribute('data-consent')
    return true
  }
  if (!target.closest('[data-consent-reopen]')) return false
  const locale = consentLocale()
  html.setAttribute('data-consent', locale)
  // The focus brings it into view (it sits at the top of the page).
  document.querySelector<HTMLElement>(`[data-consent-banner="${locale}"]`)?.focus()
  return true
}

// ---------------------------------------------------------------------------------------------
// The header's menu on narrow screens.

function menu() {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-button]')
  const nav = button && document.getElementById(button.getAttribute('aria-controls') ?? '')
  return button && nav ? { button, nav } : null
}

function setMenu(open: boolean) {
  const found = menu()
  if (!found) return
  found.button.setAttribute('aria-expanded', String(open))
  found.nav.setAttribute('data-open', String(open))
}

const menuIsOpen = () => menu()?.button.getAttribute('aria-expanded') === 'true'

// ---------------------------------------------------------------------------------------------
// Sign-up: the track this page stands for, a referral code in the address, and the sign-up
// links brought up to date with both.

function setUpSignUp() {
  const track = document.querySelector<HTMLElement>('[data-track]')?.dataset.track
  if (isTrack(track)) rememberTrack(track)
  refreshSignUpLinks()
  const alias = referralParam(window.location.search)
  if (!alias) return
  void import('@/services/site/links/api')
    .then(({ resolveLink }) => resolveLink(alias))
    .then(
      (link) => {
        rememberReferral(link.code)
        refreshSignUpLinks()
      },
      // An unknown or ended referral link changes nothing.
      () => undefined,
    )
}

/** /404.html answers every unknown address: the message names the one asked for. */
function fillNotFoundPath() {
  const box = document.querySelector<HTMLElement>('[data-not-found]')
  if (!box) return
  const built = messages.pageNotFound(box.dataset.notFound ?? '')
  for (const element of box.querySelectorAll('p'))
    if (element.textContent === built)
      element.textContent = messages.pageNotFound(window.location.pathname)
}

// ---------------------------------------------------------------------------------------------
// Islands: each comes to life the first time the visitor reaches for it (pointer, touch, focus).
// A click on one of its buttons or a form sent before that is held, and done again once the
// island has taken over.

type IslandModule = typeof import('./site-islands')
let islandModule: Promise<IslandModule> | null = null
const loadIslands = () => (islandModule ??= import('./site-islands'))

type IslandState = {
  state: 'static' | 'loading' | 'live'
  held: { kind: 'click' | 'submit'; target: HTMLElement } | null
}
const islands = new WeakMap<HTMLElement, IslandState>()
const islandOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null

function activate(element: HTMLElement) {
  let island = islands.get(element)
  if (!island) islands.set(element, (island = { state: 'static', held: null }))
  if (island.state !== 'static') return
  island.state = 'loading'
  const current = island
  loadIslands().then(
    ({ hydrateIsland }) =>
      hydrateIsland(element, () => {
        if (current.state === 'live') return
        current.state = 'live'
        const pending = current.held
        current.held = null
        if (pending?.kind === 'submit' && pending.target instanceof HTMLFormElement)
          pending.target.requestSubmit()
        else if (pending?.kind === 'click') pending.target.click()
      }),
    (error: unknown) => {
      current.state = 'static'
      if (isChunkLoadError(error) && reloadOnce()) return
      recordError(error, 'promise')
    },
  )
}

/** A click on an island's button or a form sent before the island is live: held for it. */
function holdForIsland(event: Event, kind: 'click' | 'submit') {
  const element = islandOf(event.target)
  if (!element || islands.get(element)?.state === 'live') return
  const target =
    kind === 'submit'
      ? (event.target as HTMLElement)
      : (event.target as Element).closest<HTMLElement>('button')
  if (!target) return
  event.preventDefault()
  event.stopPropagation()
  activate(element)
  islands.get(element)!.held = { kind, target }
}

/**
 * Islands the visitor is already in (focused or typed into before this script arrived), and the
 * CNAE search when the address asks for another search than the page's: at once.
 */
function activateIslandsInUse() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const typedInto = [...element.querySelectorAll('input')].some(
      (input) => input.value !== input.defaultValue,
    )
    if (
      element.contains(document.activeElement) ||
      typedInto ||
      (element.dataset.island === 'cnae-search' && /[?&](busca|pagina)=/.test(location.search))
    )
      activate(element)
  }
}

/**
 * One listener of each kind on the document, for everything a visitor can touch on the page: the
 * cookie banner, the menu, the islands. Nothing is looked up before it is used.
 */
function listen() {
  const options = { signal: staticPage.signal }
  const capture = { ...options, capture: true }
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null
      if (!target?.closest) return
      if (onConsentClick(target)) return
      if (target.closest('[data-menu-button]')) setMenu(!menuIsOpen())
    },
    options,
  )
  document.addEventListener('click', (event) => holdForIsland(event, 'click'), capture)
  document.addEventListener('submit', (event) => holdForIsland(event, 'submit'), capture)
  const reach = (event: Event) => {
    const element = islandOf(event.target)
    if (element) activate(element)
  }
  document.addEventListener('pointerover', reach, options)
  document.addEventListener('focusin', reach, options)
  document.addEventListener('touchstart', reach, { ...options, passive: true })
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !menuIsOpen()) return
      setMenu(false)
      menu()?.button.focus()
    },
    options,
  )
}

/**
 * Clicks on the banner, the menu or an island's buttons, and forms sent, before this script
 * arrived (the page's loader kept them): done again now that they have their handlers.
 */
const earlyClicks = () =>
  (window as unknown as { __contabilClicks?: { targets: HTMLElement[]; stop: () => void } })
    .__contabilClicks

function replayEarlyClicks() {
  const early = earlyClicks()
  if (!early) return
  early.stop()
  for (const target of early.targets.splice(0))
    if (target instanceof HTMLFormElement) target.requestSubmit()
    else target.click()
}

function goClientApp() {
  staticPage.abort()
  earlyClicks()?.stop()
  startClientApp().catch((error: unknown) => {
    if (isChunkLoadError(error) && reloadOnce()) return
    recordError(error, 'promise')
  })
}

/** Work for a later task: the first read of the site's storage can take a while. */
const later = (work: () => void) => window.setTimeout(work, 0)

installGlobalErrorHandlers()
if (needsClientApp()) goClientApp()
else {
  listen()
  replayEarlyClicks()
  later(() => {
    activateIslandsInUse()
    fillNotFoundPath()
    if (storedConsent() === 'all') loadTagManager(env.gtmId)
    later(() => {
      // A preview kept for the tab (sessionStorage) takes over; otherwise the sign-up links.
      if (isPreview()) goClientApp()
      else later(setUpSignUp)
    })
  })
}
