// Firebase Auth errors (and API errors met while signing in) as clear pt-BR messages.
// Only the `code` string is read, so this module does not load Firebase; an API error is told by
// its name, so it does not load the API client either (the login page of a signed-out full load
// shows before the app's code, src/entries/app/login-page.tsx).
import { messages } from '@/schemas/messages'

const WRONG_CREDENTIALS = 'E-mail ou senha incorretos. Confira e tente de novo.'

const byCode: Record<string, string> = {
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/invalid-email': messages.emailInvalid,
  'auth/missing-email': 'Informe seu e-mail.',
  'auth/missing-password': 'Informe sua senha.',
  'auth/weak-password': messages.passwordMin,
  'auth/email-already-in-use':
    'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.',
  'auth/user-disabled': 'Esta conta foi desativada. Fale com o suporte para reativá-la.',
  'auth/too-many-requests':
    'Muitas tentativas seguidas. Aguarde alguns minutos e tente de novo, ou redefina sua senha.',
  'auth/network-request-failed':
    'Sem conexão com o serviço de login. Verifique sua internet e tente de novo.',
  'auth/timeout': 'O serviço de login demorou a responder. Tente de novo.',
  'auth/popup-closed-by-user': 'A janela de login foi fechada antes de concluir. Tente de novo.',
  'auth/cancelled-popup-request': 'Outra janela de login já estava aberta. Tente de novo.',
  'auth/user-cancelled': 'O login foi cancelado. Tente de novo quando quiser.',
  'auth/popup-blocked':
    'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente de novo.',
  'auth/account-exists-with-different-credential':
    'Já existe uma conta com este e-mail usando outro método de login. Entre com o método que você usou antes.',
  'auth/credential-already-in-use': 'Esta conta já está ligada a outro usuário.',
  'auth/invalid-action-code': 'Este link é inválido ou já foi usado. Peça um novo.',
  'auth/expired-action-code': 'Este link expirou. Peça um novo.',
  'auth/invalid-continue-uri': 'Endereço de retorno inválido para o link de acesso.',
  'auth/unauthorized-continue-uri': 'Este endereço não está autorizado a receber links de acesso.',
  'auth/unauthorized-domain': 'Este endereço não está autorizado a usar o login.',
  'auth/operation-not-allowed': 'Este método de login não está habilitado.',
  'auth/operation-not-supported-in-this-environment':
    'Este método de login não funciona neste navegador. Use e-mail e senha.',
  'auth/web-storage-unsupported':
    'Seu navegador está bloqueando o armazenamento local. Libere-o para este site para entrar.',
  'auth/quota-exceeded': 'Muitos pedidos ao serviço de login agora. Tente de novo em instantes.',
  'auth/requires-recent-login': 'Por segurança, entre de novo para continuar.',
  'auth/user-token-expired': 'Sua sessão expirou. Entre de novo.',
  'auth/invalid-user-token': 'Sua sessão expirou. Entre de novo.',
  'auth/internal-error': 'O serviço de login teve um problema. Tente de novo em instantes.',
}

export const GENERIC_AUTH_MESSAGE = 'Não foi possível entrar agora. Tente de novo em instantes.'

export const authErrorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** An answer of our API that was not 2xx (src/services/api/client.ts `ApiError`): its message is for the user. */
const isApiError = (error: unknown): error is Error =>
  error instanceof Error && error.name === 'ApiError'

export function authErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message
  const code = authErrorCode(error)
  if (code && byCode[code]) return byCode[code]
  return GENERIC_AUTH_MESSAGE
}
