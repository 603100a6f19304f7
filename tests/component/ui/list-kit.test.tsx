import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ListView, type ListPage } from '@/ui/List'

// The list kit every list of the app goes through: the count line, the empty states, the pager.
const empty = { title: 'Nenhum documento ainda', description: 'Envie o primeiro.' }
const emptyFiltered = { title: 'Nenhum documento com esses filtros' }
const page = (shown: number, total: number): ListPage => ({
  data: Array.from({ length: shown }, (_, index) => index),
  total,
})

function renderList(props: Partial<Parameters<typeof ListView>[0]> = {}) {
  const onPage = vi.fn()
  render(
    <ListView
      list={page(10, 42)}
      summary={{
        noun: ['documento', 'documentos'],
        unfiltered: ' no total',
        clear: <a href="/documentos">Limpar filtros</a>,
      }}
      empty={empty}
      emptyFiltered={emptyFiltered}
      pager={{ page: 2, pageSize: 10, onPage, label: 'Páginas de documentos' }}
      {...props}
    >
      <ul aria-label="Documentos">
        <li>Contrato social</li>
      </ul>
    </ListView>,
  )
  return { onPage }
}

describe('ListView', () => {
  it('counts the whole list, shows the rows and pages them', async () => {
    const { onPage } = renderList()
    expect(screen.getByText('42 documentos no total')).toBeVisible()
    expect(screen.queryByRole('link', { name: 'Limpar filtros' })).toBeNull()
    expect(screen.getByRole('list', { name: 'Documentos' })).toBeVisible()
    const pager = screen.getByRole('navigation', { name: 'Páginas de documentos' })
    expect(within(pager).getByText('11–20 de 42')).toBeVisible()
    await userEvent.click(within(pager).getByRole('button', { name: 'Próxima' }))
    expect(onPage).toHaveBeenLastCalledWith(3)
    await userEvent.click(within(pager).getByRole('button', { name: 'Anterior' }))
    expect(onPage).toHaveBeenLastCalledWith(1)
  })

  it('says the filters, offers to clear them, and one item in the singular', () => {
    renderList({ list: page(1, 1), filtered: true, pager: undefined })
    expect(screen.getByText('1 documento com esses filtros')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Limpar filtros' })).toBeVisible()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('shows the empty state that fits: nothing yet, nothing for the filters', () => {
    const { unmount } = render(
      <ListView list={page(0, 0)} empty={empty} emptyFiltered={emptyFiltered}>
        <p>rows</p>
      </ListView>,
    )
    expect(screen.getByText(empty.title)).toBeVisible()
    expect(screen.getByText(empty.description)).toBeVisible()
    expect(screen.queryByText('rows')).toBeNull()
    unmount()
    render(
      <ListView list={page(0, 0)} filtered empty={empty} emptyFiltered={emptyFiltered}>
        <p>rows</p>
      </ListView>,
    )
    expect(screen.getByText(emptyFiltered.title)).toBeVisible()
  })

  it('shows the rows alone while the first page loads', () => {
    renderList({ list: undefined })
    expect(screen.getByRole('list', { name: 'Documentos' })).toBeVisible()
    expect(screen.queryByText(/documentos no total/)).toBeNull()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('says a page past the end is empty and keeps the way back to the last one', async () => {
    const onPage = vi.fn()
    renderList({
      list: page(0, 42),
      pager: { page: 9, pageSize: 10, onPage, label: 'Páginas de documentos' },
    })
    expect(screen.getByText('Não há resultados nesta página')).toBeVisible()
    const pager = screen.getByRole('navigation', { name: 'Páginas de documentos' })
    expect(within(pager).getByRole('button', { name: 'Próxima' })).toBeDisabled()
    await userEvent.click(within(pager).getByRole('button', { name: 'Anterior' }))
    expect(onPage).toHaveBeenLastCalledWith(5)
  })

  it('says a search is running instead of the count', () => {
    renderList({ summary: { noun: ['atividade', 'atividades'], busy: 'Buscando…' } })
    expect(screen.getByText('Buscando…')).toBeVisible()
    expect(screen.queryByText(/42 atividades/)).toBeNull()
  })
})
