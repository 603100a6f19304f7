import { afterEach, beforeAll } from 'vitest'
import { appFirstPaint } from '@/entries/painted-page/app-first-paint'
import { paintFirstPage } from '@/entries/painted-page/paint'
import { storedUserKey } from '@/services/session/stored-user'

// app.html as the build writes it (src/entries/painted-page), painted for an address: what the
// first-paint suites start from.

export const API_KEY = 'test-key'

/**
 * Renders the build's first paint once for the suite: `load` paints it for an address, `written`
 * is what the build writes into app.html.
 */
export function paintedApp() {
  let paint: Awaited<ReturnType<typeof appFirstPaint>>
  beforeAll(async () => {
    paint = await appFirstPaint('._never_used{color:red}', '/* the compiled script */', API_KEY)
  })
  afterEach(() => {
    document.body.innerHTML = ''
    document.documentElement.removeAttribute('data-consent')
    delete window.__firstPaint
    window.history.replaceState(null, '', '/')
  })
  /** app.html's body for an address, with or without a stored user, painted; its #root. */
  function load(address: string, { signedIn = false } = {}) {
    window.history.replaceState(null, '', address)
    if (signedIn) window.localStorage.setItem(storedUserKey(API_KEY), '{}')
    document.body.innerHTML = `<div id="consent-slot">${paint.slot}</div><div id="root"></div>${paint.body.replace(/<script>[\s\S]*<\/script>/, '')}`
    paintFirstPage(document, window, storedUserKey(API_KEY))
    return document.getElementById('root')!
  }
  return { load, written: () => paint }
}
