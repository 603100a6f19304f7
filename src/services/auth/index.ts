// Sign-in and sign-up: the account creation call and the identity service's error messages.
export { GENERIC_AUTH_MESSAGE, authErrorCode, authErrorMessage } from './auth-errors'
export { createUser, createUserInputSchema, useCreateUser } from './create-user'
