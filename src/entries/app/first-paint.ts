// app.html paints a page before the app's code runs (src/entries/painted-page/app-first-paint.tsx): the login form, or
// the skeleton of the layout the address opens in, with the cookie banner when no choice was made.
// React replaces all of it on its first commit, which the app makes only once the page is ready
// (src/entries/app/main.tsx). What the visitor did on the painted page meanwhile (kept by app.html's script
// in `window.__firstPaint`) carries over: the values typed, field by field (by name), the field
// focused, a cookie choice, and then a form sent or a button pressed is done again on the live
// page, found by its replay name (`data-replay`, src/lib/replay.ts), never by its text. The
// painted cookie banners go in the same frame as React's own appears, so nothing moves.
//
// "Entrar com Google" (or another account) pressed on the painted page is pressed again too: the
// browser lets a page open a popup for a few seconds after the visitor's click (the click's user
// activation belongs to the window, not to the painted button), so the live page's sign-in opens
// it then. For that the session (Firebase) starts loading as soon as the app's code runs
// (`firstPaintUsed`, src/entries/app/main.tsx), not on a later interaction.

import { REPLAY_ATTRIBUTE } from '@/lib/replay'

/** The element of the live page that has a replay name (src/lib/replay.ts), if any. */
const replayed = <T extends Element>(root: ParentNode, selector: string, name: string) =>
  root.querySelector<T>(`${selector}[${REPLAY_ATTRIBUTE}="${CSS.escape(name)}"]`)

const inputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!

/**
 * The visitor started using the painted page before the app ran (a field focused, a form sent, a
 * button pressed): a signed-out visit is signing in, so the session is wanted at once.
 */
export function firstPaintUsed(): boolean {
  const record = window.__firstPaint
  return Boolean(record && (record.focused ?? record.submit ?? record.click))
}

/**
 * How the app takes the painted page over: by default it replaced the page (its own fields and
 * cookie banner are new elements); `hydrated`, React took the painted elements themselves (the
 * login page of a signed-out full load, src/entries/app/login-page.tsx): the fields are the same
 * ones, and the painted cookie banner stays, its choice handed to `onConsent`.
 */
export type TakeOver = {
  hydrated?: { onConsent: (choice: string) => void }
}

/** How often, and how far apart, a submit no handler took is sent again. */
const RESUBMIT = { times: 40, everyMs: 50 }
/** The page's root, once the app took it over (its submits are kept in the page). */
let keptRoot: HTMLElement | null = null

/**
 * A form of the page is never sent by the browser itself, after the takeover too (a password
 * would go into the address): a submit no handler took — one React cannot answer yet because the
 * part of the page holding the form is still hydrating (src/entries/app/login-page.tsx), where the
 * replayed submit or the visitor's own lands — is held and sent again shortly, until the live
 * form takes it. React's own listeners sit on the root, so by the time the document sees the
 * event a live form has already prevented it.
 */
function keepSubmitsInPage(root: HTMLElement) {
  const listening = keptRoot !== null
  keptRoot = root
  if (listening) return
  const tries = new WeakMap<HTMLFormElement, number>()
  document.addEventListener('submit', (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || !keptRoot?.contains(form)) return
    if (event.defaultPrevented) {
      tries.delete(form)
      return
    }
    event.preventDefault()
    const count = (tries.get(form) ?? 0) + 1
    tries.set(form, count)
    if (count > RESUBMIT.times) return
    const submitter = (event as SubmitEvent).submitter
    setTimeout(() => {
      if (!form.isConnected) return
      if (submitter && submitter.isConnected && form.contains(submitter))
        form.requestSubmit(submitter)
      else form.requestSubmit()
    }, RESUBMIT.everyMs)
  })
}

/** Call before the first render; call what it returns once React has committed. */
export function takeOverFirstPaint(root: HTMLElement, { hydrated }: TakeOver = {}): () => void {
  keepSubmitsInPage(root)
  const painted = [...root.querySelectorAll<HTMLInputElement>('input[name]')]
  let done = false
  return () => {
    if (done) return
    done = true
    const record = window.__firstPaint
    record?.stop()
    delete window.__firstPaint
    const liveInputs = () => [...root.querySelectorAll<HTMLInputElement>('input[name]')]
    for (const input of painted) {
      const target = liveInputs().find(
        (candidate) =>
          candidate.name === input.name &&
          (input.type !== 'radio' || candidate.value === input.value),
      )
      if (!target || target === input) continue
      if (input.type === 'radio' || input.type === 'checkbox') {
        // A choice changed on the painted form: clicked again, so the form's state follows.
        if (input.checked !== input.defaultChecked && target.checked !== input.checked)
          target.click()
      } else if (input.value !== input.defaultValue && target.value === target.defaultValue) {
        // The native setter, then an input event: React and the form libraries see a typed value.
        inputValue.call(target, input.value)
        target.dispatchEvent(new Event('input', { bubbles: true }))
      }
    }
    if (record?.focused && !root.contains(document.activeElement))
      liveInputs()
        .find((input) => input.name === record.focused)
        ?.focus()
    if (!hydrated) {
      for (const banner of document.querySelectorAll('[data-consent-banner]')) banner.remove()
      document.documentElement.removeAttribute('data-consent')
    }
    if (!record) return
    if (record.consent && hydrated) hydrated.onConsent(record.consent)
    else if (record.consent)
      document
        .querySelector<HTMLElement>(`[data-consent-choice="${CSS.escape(record.consent)}"]`)
        ?.click()
    if (record.submit) replayed<HTMLFormElement>(root, 'form', record.submit)?.requestSubmit()
    else if (record.click) replayed<HTMLElement>(root, 'button', record.click)?.click()
  }
}
