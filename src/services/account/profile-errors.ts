import { profileMessages } from '@/schemas/profile'
import { authErrorCode, authErrorMessage } from '@/services/auth'

export type ProfileField = 'currentPassword' | 'newPassword' | 'newEmail'

/**
 * An identity-service error of a password or e-mail change, as a pt-BR message and the field it
 * belongs to (a wrong current password, a weak new one, an address already taken).
 */
export function profileAuthError(error: unknown): { field?: ProfileField; message: string } {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return { field: 'currentPassword', message: profileMessages.currentPasswordWrong }
    case 'auth/weak-password':
      return { field: 'newPassword', message: profileMessages.weakPassword }
    case 'auth/email-already-in-use':
      return { field: 'newEmail', message: profileMessages.emailTaken }
    case 'auth/invalid-email':
      return { field: 'newEmail', message: authErrorMessage(error) }
    default:
      return { message: authErrorMessage(error) }
  }
}
