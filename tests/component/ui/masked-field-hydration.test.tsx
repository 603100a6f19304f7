import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { MaskedFormField } from '@/ui/MaskedFormField'

// A painted form (src/entries/app/login-page.tsx) hydrated as a production build does: no
// StrictMode, whose second run of the effects re-reads the form and hid the lost value.
let formValue: () => string = () => ''

function PhoneForm() {
  const form = useForm({ defaultValues: { phone: '' } })
  formValue = () => form.getValues('phone')
  return (
    <form aria-label="Criar conta">
      <MaskedFormField control={form.control} name="phone" label="Celular" mask="mobile" />
    </form>
  )
}

describe('a masked field of a form, hydrated', () => {
  afterEach(() => document.body.replaceChildren())

  it('keeps the digits typed before it was live, in the field and in the form, and the rest follows', async () => {
    const root = document.createElement('div')
    document.body.append(root)
    root.innerHTML = renderToString(<PhoneForm />)
    root.querySelector<HTMLInputElement>('input[name="phone"]')!.value = '1195'
    await act(async () => {
      hydrateRoot(root, <PhoneForm />)
    })
    const phone = root.querySelector<HTMLInputElement>('input[name="phone"]')!
    expect(phone.value).toBe('+55 (11) 95')
    expect(formValue()).toBe('+55 (11) 95')
    await userEvent.setup().type(phone, '5554444')
    expect(phone.value).toBe('+55 (11) 95555-4444')
    expect(formValue()).toBe('+55 (11) 95555-4444')
  })
})
