import { describe, expect, it, vi } from 'vitest'
import { ApiError, showServerIssues } from '@/services/api'

// One wiring for every form: the server's field messages (written by the shared zod schemas) go
// next to the fields they name.
describe('showServerIssues', () => {
  const refusal = new ApiError(400, 'Dados inválidos.', [
    { path: ['name'], message: 'Nome pode ter no máximo 120 caracteres.' },
    { path: ['partners', 0, 'cpf'], message: 'CPF inválido' },
    { path: ['unknown'], message: 'Fora do formulário' },
  ])

  it('places issues on listed fields and their nested paths, focusing the first', () => {
    const setError = vi.fn()
    expect(showServerIssues(setError, refusal, ['name', 'partners'])).toBe(true)
    expect(setError.mock.calls).toEqual([
      [
        'name',
        { type: 'server', message: 'Nome pode ter no máximo 120 caracteres.' },
        { shouldFocus: true },
      ],
      ['partners.0.cpf', { type: 'server', message: 'CPF inválido' }, { shouldFocus: false }],
    ])
  })

  it('maps paths through a function, and leaves the focus to a summary when asked', () => {
    const setError = vi.fn()
    const shown = showServerIssues(
      setError,
      refusal,
      (path) => (path === 'name' ? 'fullName' : undefined),
      { focus: false },
    )
    expect(shown).toBe(true)
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'fullName',
      { type: 'server', message: 'Nome pode ter no máximo 120 caracteres.' },
      { shouldFocus: false },
    )
  })

  it('answers false when nothing lands, so the caller shows one message', () => {
    const setError = vi.fn()
    expect(showServerIssues(setError, refusal, ['email'])).toBe(false)
    expect(showServerIssues(setError, new Error('rede'), ['name'])).toBe(false)
    expect(setError).not.toHaveBeenCalled()
  })
})
