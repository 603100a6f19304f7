// What app.html's painted page (src/entries/painted-page) keeps of the visitor's actions until
// the app takes over (src/entries/app/first-paint.ts), and how both find a form or a button: by a stable
// `data-replay` attribute the login screens set, never by its text or label, so renaming a
// button keeps its replay working. A form or button without the attribute is not replayed.

export const REPLAY_ATTRIBUTE = 'data-replay'

/** The replayable forms and buttons of the painted pages (the login screens). */
export type ReplayName =
  'sign-in' | 'sign-up' | 'mode-reset' | 'mode-link' | `provider-${string}` | `tab-${string}`

/** The attribute that makes a form or a button replayable: `<form {...replayAs('sign-in')}>`. */
export const replayAs = (name: ReplayName) => ({ [REPLAY_ATTRIBUTE]: name })

/** What the painted page keeps, on `window.__firstPaint`. */
export type FirstPaintRecord = {
  /** The name of the field focused. */
  focused: string | null
  /** The replay name of the form sent. */
  submit: string | null
  /** The replay name of the button pressed. */
  click: string | null
  /** The cookie choice made on the painted banner. */
  consent: string | null
  /** Stops recording (the app took over). */
  stop: () => void
}

declare global {
  interface Window {
    __firstPaint?: FirstPaintRecord
  }
}
