import { describe, expect, it, vi } from 'vitest'
import { firstPaintUsed, takeOverFirstPaint } from '@/entries/app/first-paint'
import { paintedApp } from './painted-app'

// app.html's first paint (CONTRIBUTING.md "Signed-in area"). The build renders the login form, the
// sign-up form and the layouts' skeletons with the app's own components; the page's script
// (src/entries/painted-page, compiled into app.html at build; its landing choices are
// tests/unit/landing.test.ts's) picks the one the address will show before anything is painted,
// keeps what the visitor does until the app runs, and the app carries it over when it replaces the
// page, finding forms and buttons by their replay names, not their labels (a screen reader reads
// the labels).

const { load, written } = paintedApp()

const shown = (root: HTMLElement) =>
  root.querySelector('form')?.getAttribute('aria-label') ??
  root.querySelector('[role="status"]')?.textContent

describe('the first paint the address gets', () => {
  it.each([
    ['/app/login', false, 'Entrar com e-mail e senha'],
    ['/app/login?mode=signup', false, 'Criar conta'],
    ['/app/login?mode=reset', false, 'Carregando a página…'],
    ['/app/panel', false, 'Entrar com e-mail e senha'],
    ['/app/panel', true, 'Abrindo sua área…'],
    ['/app/wizard/company-opening', true, 'Abrindo sua área…'],
    // Signed in, the login page sends the visit on: the area's skeleton.
    ['/app/login', true, 'Abrindo sua área…'],
  ])('%s (signed in: %s) shows %s', (address, signedIn, expected) => {
    expect(shown(load(address, { signedIn }))).toBe(expected)
  })

  it('keeps the side menu for company pages and leaves it out of the wizards', () => {
    expect(load('/app/panel', { signedIn: true }).querySelector('main')?.previousSibling).not.toBe(
      null,
    )
    document.body.innerHTML = ''
    const wizard = load('/app/wizard/company-opening', { signedIn: true })
    expect(wizard.querySelector('main')?.previousElementSibling).toBeNull()
  })

  it('says where a signed-out visit was going, as the login page does with next', () => {
    expect(load('/app/login').textContent).not.toContain('Entre para continuar')
    document.body.innerHTML = ''
    expect(load('/app/invoices').textContent).toContain('Entre para continuar de onde parou.')
  })

  it('takes the track and the referral code from the address of the sign-up form', () => {
    const root = load('/app/login?mode=signup&track=migrate-company&indicatedBy=ANA1234')
    const checked = root.querySelector<HTMLInputElement>('input[name="trackId"]:checked')
    expect(checked?.value).toBe('migrate-company')
    expect(root.querySelector<HTMLInputElement>('input[name="indicatedBy"]')?.value).toBe('ANA1234')
  })

  it('does nothing outside the signed-in area (referral links use the same page)', () => {
    expect(load('/links/ana').innerHTML).toBe('')
  })

  it('holds the styles the painted pages use, and no others', () => {
    expect(written().head).toContain('<style>')
    expect(written().head).not.toContain('_never_used')
  })
})

describe('what the visitor does before the app runs', () => {
  it('never lets the browser send the painted form (the password would go into the address)', () => {
    const root = load('/app/login')
    const form = root.querySelector('form')!
    const sent = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(sent)
    expect(sent.defaultPrevented).toBe(true)
    expect(window.__firstPaint?.submit).toBe('sign-in')
  })

  it('carries the typed values and the focus over, then sends the live form', () => {
    const root = load('/app/login')
    const email = root.querySelector<HTMLInputElement>('input[name="email"]')!
    email.value = 'ana@contabil.dev'
    root.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'segredo'
    email.focus()
    root
      .querySelector('form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    const takeOver = takeOverFirstPaint(root)

    // What React does on its first commit: the painted page goes, the live one comes.
    root.innerHTML = `<form aria-label="Entrar com e-mail e senha" data-replay="sign-in"><input name="email"><input name="password" type="password"></form>`
    const live = root.querySelector('form')!
    const typed: string[] = []
    live.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).name))
    const submit = vi.fn((event: Event) => event.preventDefault())
    live.addEventListener('submit', submit)
    takeOver()

    expect(root.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe(
      'ana@contabil.dev',
    )
    expect(root.querySelector<HTMLInputElement>('input[name="password"]')?.value).toBe('segredo')
    expect(typed).toEqual(['email', 'password'])
    expect(document.activeElement).toBe(root.querySelector('input[name="email"]'))
    expect(submit).toHaveBeenCalledTimes(1)
    // The painted page's recorder is gone: a later submit is the app's own business.
    expect(window.__firstPaint).toBeUndefined()
    live.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    expect(submit).toHaveBeenCalledTimes(2)
  })

  it('presses "Entrar com Google" again on the live page, where the popup can open', () => {
    const root = load('/app/login')
    expect(firstPaintUsed()).toBe(false)
    root.querySelector<HTMLButtonElement>('button[aria-label="Entrar com Google"]')!.click()
    expect(window.__firstPaint?.click).toBe('provider-google')
    // The app starts the session at once: the sign-in pressed needs it.
    expect(firstPaintUsed()).toBe(true)
    const takeOver = takeOverFirstPaint(root)

    root.innerHTML = `<div role="group" aria-label="Entrar com outra conta"><button type="button" aria-label="Entrar com Google" data-replay="provider-google">Google</button><button type="button" aria-label="Entrar com GitHub" data-replay="provider-github">GitHub</button></div>`
    const pressed: string[] = []
    for (const button of root.querySelectorAll('button'))
      button.addEventListener('click', () => pressed.push(button.getAttribute('aria-label')!))
    takeOver()
    expect(pressed).toEqual(['Entrar com Google'])
  })

  it('drops the painted cookie banners when the app shows its own', () => {
    document.documentElement.setAttribute('data-consent', 'pt')
    const root = load('/app/login')
    expect(document.querySelectorAll('[data-consent-banner]')).toHaveLength(2)
    takeOverFirstPaint(root)()
    expect(document.querySelectorAll('[data-consent-banner]')).toHaveLength(0)
    expect(document.documentElement.hasAttribute('data-consent')).toBe(false)
  })

  it('finds the button again by its replay name when its label was renamed', () => {
    const root = load('/app/login')
    root.querySelector<HTMLButtonElement>('button[data-replay="provider-google"]')!.click()
    const takeOver = takeOverFirstPaint(root)
    // The live page says it differently; the same button keeps its replay name. A button that
    // only reads the same (no replay name) is not pressed.
    root.innerHTML = `<button type="button" aria-label="Entrar com Google">Entrar com Google</button><button type="button" aria-label="Continuar com a conta Google" data-replay="provider-google">Continuar com Google</button>`
    const pressed: string[] = []
    for (const button of root.querySelectorAll('button'))
      button.addEventListener('click', () => pressed.push(button.textContent!))
    takeOver()
    expect(pressed).toEqual(['Continuar com Google'])
  })

  it('sends the live form again by its replay name when its label was renamed', () => {
    const root = load('/app/login')
    root
      .querySelector('form[data-replay="sign-in"]')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    const takeOver = takeOverFirstPaint(root)
    root.innerHTML = `<form aria-label="Acesse sua conta" data-replay="sign-in"><input name="email"></form>`
    const submit = vi.fn((event: Event) => event.preventDefault())
    root.querySelector('form')!.addEventListener('submit', submit)
    takeOver()
    expect(submit).toHaveBeenCalledTimes(1)
  })

  it('holds a submit the live form cannot take yet (still hydrating) and sends it once it can', async () => {
    const root = load('/app/login?mode=signup')
    root
      .querySelector('form[data-replay="sign-up"]')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
    const takeOver = takeOverFirstPaint(root)
    // Hydrated, but the form's part not yet live: its submit reaches no handler.
    root.innerHTML = `<form aria-label="Criar conta" data-replay="sign-up"><input name="email"><button type="submit">Criar conta</button></form>`
    const form = root.querySelector('form')!
    const seen: boolean[] = []
    document.addEventListener('submit', (event) => seen.push(event.defaultPrevented))
    takeOver()
    // The browser was not let send it (the fields would go into the address).
    expect(seen).toEqual([true])
    const submit = vi.fn((event: Event) => event.preventDefault())
    form.addEventListener('submit', submit)
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
  })

  it('presses the "Criar conta" tab again by its replay name', () => {
    const root = load('/app/login')
    const tab = root.querySelector<HTMLButtonElement>('button[data-replay="tab-signup"]')
    expect(tab?.getAttribute('role')).toBe('tab')
    tab!.click()
    expect(window.__firstPaint?.click).toBe('tab-signup')
  })
})
