import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConfirmDialog, Dialog } from '@/ui/Dialog'
import { SidePanel } from '@/ui/SidePanel'

// Every kind of dialog returns focus to what opened it when it closes (Escape, Cancelar, the ✕),
// and, when the action removed the opener, to the result the screen names
// (src/ui/return-focus.ts) — never to <body>.

type Kind = 'dialog' | 'confirm' | 'panel'

function Opener({ kind, removeOnConfirm = false }: { kind: Kind; removeOnConfirm?: boolean }) {
  const [open, setOpen] = useState(false)
  const [gone, setGone] = useState(false)
  const result = () => document.getElementById('resultado')
  return (
    <main id="conteudo" tabIndex={-1}>
      {!gone && <button onClick={() => setOpen(true)}>Abrir</button>}
      <p id="resultado" tabIndex={-1}>
        Resultado
      </p>
      {kind === 'dialog' && (
        <Dialog open={open} onOpenChange={setOpen} title="Um diálogo" finalFocus={result}>
          <input aria-label="Campo" />
        </Dialog>
      )}
      {kind === 'confirm' && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Confirmar?"
          description="Uma confirmação."
          confirmLabel="Confirmar"
          finalFocus={result}
          onConfirm={() => {
            if (removeOnConfirm) setGone(true)
            setOpen(false)
          }}
        />
      )}
      {kind === 'panel' && (
        <SidePanel open={open} onOpenChange={setOpen} title="Um painel">
          <input aria-label="Campo" />
        </SidePanel>
      )}
    </main>
  )
}

describe.each<Kind>(['dialog', 'confirm', 'panel'])('%s', (kind) => {
  it('returns focus to its opener after Escape', async () => {
    const user = userEvent.setup()
    render(<Opener kind={kind} />)
    const opener = screen.getByRole('button', { name: 'Abrir' })
    await user.click(opener)
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it('returns focus to its opener after the ✕', async () => {
    const user = userEvent.setup()
    render(<Opener kind={kind} />)
    const opener = screen.getByRole('button', { name: 'Abrir' })
    await user.click(opener)
    await user.click(await screen.findByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(opener).toHaveFocus())
  })
})

describe('confirmation', () => {
  it('returns focus to its opener after Cancelar', async () => {
    const user = userEvent.setup()
    render(<Opener kind="confirm" />)
    const opener = screen.getByRole('button', { name: 'Abrir' })
    await user.click(opener)
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it('moves focus to the result when the action removed its opener', async () => {
    const user = userEvent.setup()
    render(<Opener kind="confirm" removeOnConfirm />)
    await user.click(screen.getByRole('button', { name: 'Abrir' }))
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(screen.getByText('Resultado')).toHaveFocus())
  })
})

/** A panel shown from the address: closing asks to navigate, and the address changes later. */
function AddressPanel() {
  const [request, setRequest] = useState<string | undefined>(undefined)
  return (
    <main id="conteudo" tabIndex={-1}>
      <button onClick={() => setRequest('r1')}>Ver solicitação</button>
      <input aria-label="Tomador" />
      <SidePanel
        open={Boolean(request)}
        openKey={request}
        onOpenChange={(open) => !open && setTimeout(() => setRequest(undefined), 300)}
        title="Solicitação"
      >
        <p>Detalhes</p>
      </SidePanel>
    </main>
  )
}

describe('a panel its owner closes by navigating', () => {
  it('is gone at once on Escape, so what is typed next reaches the page', async () => {
    const user = userEvent.setup()
    render(<AddressPanel />)
    await user.click(screen.getByRole('button', { name: 'Ver solicitação' }))
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 200 })
    await user.click(screen.getByRole('textbox', { name: 'Tomador' }))
    await user.keyboard('Maria')
    expect(screen.getByRole('textbox', { name: 'Tomador' })).toHaveValue('Maria')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.getByRole('textbox', { name: 'Tomador' })).toHaveFocus()
  })

  it('opens again for the next record after the address closed it', async () => {
    const user = userEvent.setup()
    render(<AddressPanel />)
    const opener = screen.getByRole('button', { name: 'Ver solicitação' })
    await user.click(opener)
    await user.click(await screen.findByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 200 })
    await new Promise((resolve) => setTimeout(resolve, 400))
    await user.click(opener)
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })
})
