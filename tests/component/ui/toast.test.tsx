import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { notify } from '@/ui/notify'
import { Toaster } from '@/ui/Toaster'

// A page's first toast is raised before react-toastify is even loaded: it must still show, also
// under React's development double mount (StrictMode), which throws the first container away.
describe('notify', () => {
  it("shows a page's first toast and the ones after it", async () => {
    render(
      <StrictMode>
        <Toaster />
      </StrictMode>,
    )
    notify.success('Dados salvos.')
    expect(await screen.findByText('Dados salvos.')).toBeVisible()
    notify.error('Não foi possível salvar.')
    expect(await screen.findByText('Não foi possível salvar.')).toBeVisible()
  })
})
