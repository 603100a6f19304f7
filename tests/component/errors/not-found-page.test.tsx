import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NotFoundPage } from '@/screens/errors/NotFoundPage'
import { renderInRouter } from '../site/support'

// The 404 (src/screens/errors/NotFoundPage.tsx, docs/product.md §2): the public site keeps its
// words; under /app it speaks Portuguese and leads back to the person's home, not to the CNAE tool.
describe('NotFoundPage', () => {
  it('under /app: "Página não encontrada", the address, and the way back to the panel', async () => {
    await renderInRouter(() => <NotFoundPage />, '/app/nao-existe')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Página não encontrada',
    )
    expect(screen.getByTestId('status-message')).toHaveTextContent(
      'Endereço não encontrado: /app/nao-existe',
    )
    expect(screen.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute(
      'href',
      '/app/panel',
    )
    expect(screen.queryByRole('link', { name: 'Consultar CNAE' })).toBeNull()
    expect(screen.queryByText(/Page Not Found/i)).toBeNull()
    // Inside the layout's <main>: no second one.
    expect(screen.queryByRole('main')).toBeNull()
  })

  it('on the public site: the page as the site has it', async () => {
    await renderInRouter(() => <NotFoundPage />, '/caminho/que-nao-existe')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found')
    expect(screen.getByTestId('status-message')).toHaveTextContent(
      'Page not found: /caminho/que-nao-existe',
    )
    expect(screen.getByRole('link', { name: 'Consultar CNAE' })).toBeInTheDocument()
  })
})
