import { describe, expect, it } from 'vitest'
import { messages } from '@/schemas/messages'
import { ApiError } from '@/services/api/client'
import { GENERIC_AUTH_MESSAGE, authErrorMessage } from '@/services/auth/auth-errors'

const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code })

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-credential', 'E-mail ou senha incorretos. Confira e tente de novo.'],
    ['auth/invalid-login-credentials', 'E-mail ou senha incorretos. Confira e tente de novo.'],
    ['auth/user-not-found', 'E-mail ou senha incorretos. Confira e tente de novo.'],
    ['auth/invalid-email', messages.emailInvalid],
    ['auth/weak-password', messages.passwordMin],
    ['auth/user-disabled', 'Esta conta foi desativada. Fale com o suporte para reativá-la.'],
    [
      'auth/popup-blocked',
      'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente de novo.',
    ],
    [
      'auth/popup-closed-by-user',
      'A janela de login foi fechada antes de concluir. Tente de novo.',
    ],
    [
      'auth/network-request-failed',
      'Sem conexão com o serviço de login. Verifique sua internet e tente de novo.',
    ],
    ['auth/expired-action-code', 'Este link expirou. Peça um novo.'],
    ['auth/invalid-action-code', 'Este link é inválido ou já foi usado. Peça um novo.'],
  ])('%s → %s', (code, message) => {
    expect(authErrorMessage(firebaseError(code))).toBe(message)
  })

  it('never shows Firebase’s own English text', () => {
    expect(authErrorMessage(firebaseError('auth/some-new-code'))).toBe(GENERIC_AUTH_MESSAGE)
    expect(authErrorMessage(new Error('boom'))).toBe(GENERIC_AUTH_MESSAGE)
    expect(authErrorMessage(undefined)).toBe(GENERIC_AUTH_MESSAGE)
  })

  it('passes API messages through (they are pt-BR already)', () => {
    expect(authErrorMessage(new ApiError(409, 'Este e-mail já está cadastrado.'))).toBe(
      'Este e-mail já está cadastrado.',
    )
  })
})
