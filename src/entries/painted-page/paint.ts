import { firstPaintOf } from '@/lib/landing'
import { REPLAY_ATTRIBUTE, type FirstPaintRecord } from '@/lib/replay'

// The painted page's script: run where app.html's #root ends, before the first paint. It puts in
// #root the page the address will show (src/lib/landing.ts decides which, as the gates do once
// the app runs), and keeps what the visitor does there until the app takes over
// (src/entries/app/first-paint.ts): the field focused, a form sent (never by the browser itself: a password
// would go into the address), a button pressed, a cookie choice. The build compiles it, with
// what it imports, into app.html's inline script (scripts/vite/painted-page-script.ts).

/** Paints the page for this address; `userKey`: where the identity service keeps its user. */
export function paintFirstPage(doc: Document, win: Window, userKey: string) {
  // Storage may be refused (a privacy mode): then the visit is taken as signed in, and the
  // skeleton shows until the app knows.
  let signedIn = true
  try {
    signedIn = win.localStorage.getItem(userKey) !== null
  } catch {
    // kept as signed in
  }
  const name = firstPaintOf(win.location, signedIn)
  if (!name) return
  const template = doc.getElementById(`first-paint-${name}`) as HTMLTemplateElement | null
  const root = doc.getElementById('root')
  if (!template || !root) return
  root.appendChild(template.content.cloneNode(true))

  const onFocus = (event: Event) => {
    const field = event.target as HTMLInputElement | null
    if (field?.name && root.contains(field)) record.focused = field.name
  }
  const onSubmit = (event: Event) => {
    const form = event.target as Element
    if (!root.contains(form)) return
    event.preventDefault()
    record.submit = form.getAttribute(REPLAY_ATTRIBUTE)
  }
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button')
    if (!button) return
    const choice = button.getAttribute('data-consent-choice')
    if (choice !== null) {
      record.consent = choice
      doc.documentElement.removeAttribute('data-consent')
    } else if (root.contains(button) && button.type !== 'submit')
      record.click = button.getAttribute(REPLAY_ATTRIBUTE)
  }
  const record: FirstPaintRecord = {
    focused: null,
    submit: null,
    click: null,
    consent: null,
    stop: () => {
      doc.removeEventListener('focusin', onFocus, true)
      doc.removeEventListener('submit', onSubmit, true)
      doc.removeEventListener('click', onClick, true)
    },
  }
  win.__firstPaint = record
  doc.addEventListener('focusin', onFocus, true)
  doc.addEventListener('submit', onSubmit, true)
  doc.addEventListener('click', onClick, true)

  // The sign-up form from a link: the track it names chosen, the referral code filled in.
  if (name === 'signup') prefillSignUp(root, new URLSearchParams(win.location.search))
}

function prefillSignUp(root: HTMLElement, query: URLSearchParams) {
  const track = query.get('track')
  const choices = [...root.querySelectorAll<HTMLInputElement>('input[name=trackId]')]
  if (choices.some((choice) => choice.value === track))
    for (const choice of choices) choice.defaultChecked = choice.checked = choice.value === track
  const code = query.get('indicatedBy')
  const field = code && root.querySelector<HTMLInputElement>('input[name=indicatedBy]')
  if (field) field.defaultValue = code
}
