import { describe, expect, it } from 'vitest'
import { changeFrom } from '@/lib/search-change'

type Search = { type?: string[]; competence?: string; page?: number }

describe('changeFrom', () => {
  it('applies only what the screen changed, on top of the latest search', () => {
    // The screen rendered {} and sets a competence; meanwhile the address gained a type filter.
    const update = changeFrom<Search>({}, { competence: '2026-10', page: undefined })
    expect(update({ type: ['comprovante'] })).toEqual({
      type: ['comprovante'],
      competence: '2026-10',
    })
  })

  it('removes what the screen cleared, and clears everything for an empty search', () => {
    const rendered: Search = { type: ['guia'], competence: '2026-10', page: 2 }
    expect(changeFrom<Search>(rendered, { ...rendered, page: undefined })(rendered)).toEqual({
      type: ['guia'],
      competence: '2026-10',
    })
    // "Limpar filtros": every key the screen had goes, even one changed since.
    expect(
      changeFrom<Search>(rendered, {})({ ...rendered, type: ['guia', 'comprovante'] }),
    ).toEqual({})
  })

  it('compares lists by value, so an unchanged filter is not re-applied', () => {
    const update = changeFrom<Search>({ type: ['guia'] }, { type: ['guia'], page: 3 })
    expect(update({ type: ['guia', 'nota-fiscal'] })).toEqual({
      type: ['guia', 'nota-fiscal'],
      page: 3,
    })
  })
})
