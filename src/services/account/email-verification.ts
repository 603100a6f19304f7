import { queryOptions, useMutation } from '@tanstack/react-query'
import { authErrorMessage, GENERIC_AUTH_MESSAGE } from '@/services/auth'
import type { AuthGateway } from '@/services/session'
import { accountKeys } from './keys'

// The signed-in person's e-mail verification, through the identity service. Accepting an invite
// needs a verified e-mail (the server reads the identity service's record): the invites screen
// shows whether it is, and sends the link that verifies it.

type VerificationGateway = Pick<AuthGateway, 'emailVerified' | 'sendEmailVerification'>

const SEND_FAILED =
  'Não foi possível enviar o link de confirmação agora. Tente de novo em instantes.'

/**
 * Whether the e-mail is verified, read from the identity service; read again whenever the page
 * regains focus (the person comes back from the link, opened in another tab).
 */
export const emailVerifiedQueryOptions = (uid: string, gateway: VerificationGateway) =>
  queryOptions({
    queryKey: accountKeys.emailVerified(uid),
    queryFn: () => gateway.emailVerified(),
    staleTime: 0,
  })

/** Sends the verification link, which returns to `continueUrl`; errors in pt-BR. */
export const useSendEmailVerification = (gateway: VerificationGateway) =>
  useMutation({
    mutationFn: async (continueUrl: string) => {
      try {
        await gateway.sendEmailVerification(continueUrl)
      } catch (error) {
        const message = authErrorMessage(error)
        throw new Error(message === GENERIC_AUTH_MESSAGE ? SEND_FAILED : message)
      }
    },
  })
