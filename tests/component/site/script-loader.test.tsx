import { afterEach, expect, it, vi } from 'vitest'
import { SCRIPT_LOADER } from '@/entries/prerender/script-loader'

// The prerendered page's inline loader (src/entries/prerender/script-loader.ts): what a visitor
// does before the page's script has arrived.

type Held = { targets: HTMLElement[]; stop: () => void }
const held = () => (window as unknown as { __contabilClicks?: Held }).__contabilClicks

afterEach(() => {
  held()?.stop()
  delete (window as unknown as { __contabilClicks?: Held }).__contabilClicks
  document.documentElement.removeAttribute('data-consent')
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

function loadPage() {
  document.documentElement.setAttribute('data-consent', 'pt')
  document.body.innerHTML =
    '<section data-consent-banner="pt"><button data-consent-choice="all">Aceitar todos</button>' +
    '<button data-consent-choice="necessary">Somente necessários</button></section>' +
    '<footer><button data-consent-reopen>Preferências de cookies</button></footer>'
  const idle = vi.fn()
  vi.stubGlobal('requestIdleCallback', idle)
  new Function(SCRIPT_LOADER)()
  window.dispatchEvent(new Event('load'))
  return idle
}

it('a cookie choice made before the script closes the banner at once and is kept for the script', () => {
  loadPage()
  const accept = document.querySelector<HTMLButtonElement>('[data-consent-choice="all"]')!
  const click = new MouseEvent('click', { bubbles: true, cancelable: true })
  accept.dispatchEvent(click)
  expect(click.defaultPrevented).toBe(true)
  expect(document.documentElement.hasAttribute('data-consent')).toBe(false)
  expect(held()!.targets).toEqual([accept])
})

it('a click on "Preferências de cookies" is only kept: the script reopens the banner', () => {
  loadPage()
  document.documentElement.removeAttribute('data-consent')
  const reopen = document.querySelector<HTMLButtonElement>('[data-consent-reopen]')!
  reopen.click()
  expect(document.documentElement.hasAttribute('data-consent')).toBe(false)
  expect(held()!.targets).toEqual([reopen])
})

it('the script is asked for when the browser is idle, at the latest 2 s after the load', () => {
  const idle = loadPage()
  expect(idle).toHaveBeenCalledTimes(1)
  expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 })
})
