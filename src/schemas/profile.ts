import { z } from 'zod'
import { mobilePhoneSchema } from './brazil'
import { messages } from './messages'
import { emailSchema, MAX_EMAIL_LENGTH, passwordSchema, personNameSchema } from './user'
import { fieldError } from './limit-messages'

// The signed-in person's own profile (/app/user/my-profile): the forms' schemas, the photo rules
// shared by the form and the mock server, and the messages of each.

export const profileMessages = {
  currentPasswordRequired: 'Informe sua senha atual',
  currentPasswordWrong: 'Senha atual incorreta.',
  passwordsDiffer: 'As senhas não conferem',
  samePassword: 'A nova senha precisa ser diferente da atual',
  weakPassword: 'Senha fraca: use letras e números',
  sameEmail: 'Este já é o seu e-mail de acesso',
  emailTaken: 'Este e-mail já está em uso em outra conta.',
  deleteConfirm: 'Digite o e-mail da sua conta, exatamente como aparece acima',
  photoType: 'Envie uma foto em JPG, PNG ou WebP',
  photoTooLarge: 'A foto pode ter no máximo 2 MB',
  photoMissing: 'Envie a foto no campo "photo" (multipart/form-data).',
  photoNotFound: 'Foto não encontrada.',
} as const

/**
 * Name and mobile (`PATCH /users/{id}`). The mobile may be left empty (an account an admin
 * created may have none), which removes it; a partial number is 'Celular inválido'.
 */
export const profileUpdateSchema = z.strictObject({
  name: personNameSchema,
  phone: z.preprocess(
    // An empty masked field may still hold the country code alone.
    (value) =>
      typeof value === 'string' && ['', '55'].includes(value.replace(/\D/g, '')) ? null : value,
    mobilePhoneSchema.nullable(),
  ),
})
export type ProfileUpdate = z.input<typeof profileUpdateSchema>

/** A new password: the sign-up rule (8 characters, docs/product.md §5) with letters and digits. */
export const newPasswordSchema = passwordSchema.refine(
  (value) => /\p{L}/u.test(value) && /\d/.test(value),
  { error: profileMessages.weakPassword },
)

const currentPasswordSchema = z
  .string({ error: fieldError(profileMessages.currentPasswordRequired) })
  .min(1, { error: profileMessages.currentPasswordRequired })
  .max(128)

export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .superRefine((values, context) => {
    if (values.newPassword === values.currentPassword)
      context.addIssue({
        code: 'custom',
        message: profileMessages.samePassword,
        path: ['newPassword'],
      })
    if (values.confirmPassword !== values.newPassword)
      context.addIssue({
        code: 'custom',
        message: profileMessages.passwordsDiffer,
        path: ['confirmPassword'],
      })
  })
export type PasswordChange = z.input<typeof passwordChangeSchema>

/** A new sign-in e-mail, confirmed by the current password. */
export const emailChangeSchema = (currentEmail: string) =>
  z.object({
    currentPassword: currentPasswordSchema,
    newEmail: emailSchema.refine((value) => value !== currentEmail.toLowerCase(), {
      error: profileMessages.sameEmail,
    }),
  })
export type EmailChange = z.input<ReturnType<typeof emailChangeSchema>>

/** Deleting the account: the person types their e-mail to confirm. */
export const accountDeleteSchema = (currentEmail: string) =>
  z.object({
    email: z
      .string({ error: fieldError(messages.required) })
      .trim()
      .max(MAX_EMAIL_LENGTH, { error: messages.emailTooLong })
      .refine((value) => value.toLowerCase() === currentEmail.toLowerCase(), {
        error: profileMessages.deleteConfirm,
      }),
  })

/** Profile photos: small images of the types browsers show. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024
export const photoTypes = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const
export type PhotoType = keyof typeof photoTypes
export const isPhotoType = (type: string): type is PhotoType => Object.hasOwn(photoTypes, type)

/** `PUT /users/{id}/photo` answers where the photo is now. */
export const photoAnswerSchema = z.object({ photoUrl: z.url().nullable() })
