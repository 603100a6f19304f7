import { act } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startLoginPage } from '@/entries/app/login-page'
import { paintedApp } from './painted-app'

// The login page of a signed-out full load is made live without the router, the
// validation library or React Query (src/entries/app/login-page.tsx): React hydrates the form
// app.html painted (the same tree, src/screens/auth/LoginPage.tsx) — the painted elements stay
// on the page, nothing is laid out again — and the modes change the address as the route does.

const { load } = paintedApp()

afterEach(() => vi.restoreAllMocks())

/** The page made live, with what React reported while hydrating. */
async function live(address: string, typedBeforeHydration?: (root: HTMLElement) => void) {
  const root = load(address)
  typedBeforeHydration?.(root)
  const painted = [...root.querySelectorAll('input, button, form')]
  const errors = vi.spyOn(console, 'error')
  const signedIn = vi.fn()
  await act(async () => {
    await startLoginPage(root, signedIn)
  })
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
  return { root, painted, errors, signedIn }
}

describe('the login page of a signed-out full load', () => {
  it.each(['/app/login', '/app/login?next=%2Fapp%2Finvoices', '/app/login?mode=signup'])(
    '%s: React takes the painted elements themselves, without a mismatch',
    async (address) => {
      const { root, painted, errors } = await live(address)
      expect(errors).not.toHaveBeenCalled()
      const now = [...root.querySelectorAll('input, button, form')]
      expect(now.length).toBe(painted.length)
      now.forEach((element, i) => expect(element).toBe(painted[i]))
    },
  )

  it('keeps the typed values and says what is missing, in the words of the shared schema', async () => {
    const { root } = await live('/app/login')
    const user = userEvent.setup()
    const email = root.querySelector<HTMLInputElement>('input[name="email"]')!
    await user.type(email, 'ana@')
    await user.click(root.querySelector<HTMLButtonElement>('button[type="submit"]')!)
    await vi.waitFor(() => expect(root.textContent).toContain('Informe sua senha.'))
    expect(email.value).toBe('ana@')
    expect(root.textContent).toContain('E-mail inválido')
  })

  it('keeps what was typed on the painted sign-up form before it was live, the phone in its mask', async () => {
    const typed = (root: HTMLElement, name: string, value: string) => {
      const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`)!
      input.value = value
      return input
    }
    const { root, errors } = await live('/app/login?mode=signup', (root) => {
      typed(root, 'name', 'Clara Convidada')
      typed(root, 'phone', '1195')
    })
    expect(errors).not.toHaveBeenCalled()
    const phone = root.querySelector<HTMLInputElement>('input[name="phone"]')!
    expect(phone.value).toBe('+55 (11) 95')
    expect(root.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe(
      'Clara Convidada',
    )
    // The rest of the number, typed on the live field, follows.
    await userEvent.setup().type(phone, '5554444')
    expect(phone.value).toBe('+55 (11) 95555-4444')
  })

  it('changes mode in place, keeping next in the address as the route does', async () => {
    const { root } = await live('/app/login?next=%2Fapp%2Finvoices')
    const user = userEvent.setup()
    await user.click(root.querySelector<HTMLElement>('[role="tab"][id$="signup"]')!)
    await vi.waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(
        '/app/login?next=%2Fapp%2Finvoices&mode=signup',
      ),
    )
    await vi.waitFor(() =>
      expect(root.querySelector('form[aria-label="Criar conta"]')).not.toBeNull(),
    )
  })

  it('keeps a choice made on the painted cookie banner', async () => {
    document.documentElement.setAttribute('data-consent', 'pt')
    const { root } = await live('/app/login')
    expect(root).toBeTruthy()
    const button = document.querySelector<HTMLElement>('[data-consent-choice="necessary"]')!
    button.click()
    expect(document.documentElement.hasAttribute('data-consent')).toBe(false)
    expect(document.cookie).toContain('ncc_c=necessary')
  })
})
