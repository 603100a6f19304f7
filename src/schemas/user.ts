import { z } from 'zod'
import { mobilePhoneSchema } from './brazil'
import { roleSchema } from './claims'
import { isoDateTimeSchema, pageQuerySchema } from './common'
import { companyRefSchema, trackIdSchema } from './company'
import { messages } from './messages'
import { fieldError, filledText } from './limit-messages'

/** The longest e-mail address there can be (RFC 5321: a path of 256 octets, less the brackets). */
export const MAX_EMAIL_LENGTH = 254

/** Every e-mail the product takes: forms, the client and the API alike. */
export const emailSchema = z
  .string({ error: fieldError(messages.emailInvalid) })
  .trim()
  .toLowerCase()
  // Before the format check: a 100,000-character address is refused by its length, at once.
  .max(MAX_EMAIL_LENGTH, { error: messages.emailTooLong, abort: true })
  .pipe(z.email({ error: messages.emailInvalid }))
export const passwordSchema = z
  .string({ error: fieldError(messages.passwordMin) })
  .min(8, { error: messages.passwordMin })
  .max(128)
export const personNameSchema = filledText('Informe seu nome completo', {
  min: 2,
  max: 120,
  missing: messages.required,
})

/** A person's roles: at least one. */
export const userRolesSchema = z
  .array(roleSchema, { error: 'Escolha pelo menos um papel.' })
  .min(1, { error: 'Escolha pelo menos um papel.' })
/** The companies a person reaches. */
export const userCompaniesSchema = z
  .array(z.string().trim().min(1).max(128), { error: 'Lista de empresas inválida.' })
  .max(50, { error: 'Uma pessoa pode ter no máximo 50 empresas.' })

/** Sign-up: `POST /users` (docs/product.md §3 "new user", §5 rules). */
export const userCreateSchema = z.strictObject({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  phone: mobilePhoneSchema,
  trackId: trackIdSchema,
  indicatedBy: z.string().trim().max(64).optional(),
})
export type UserCreate = z.input<typeof userCreateSchema>

/** `POST /admin/users` (docs/product.md §5): phone optional, at least 11 characters. */
export const adminUserCreateSchema = z.strictObject({
  email: emailSchema,
  name: personNameSchema,
  roles: userRolesSchema.default(['company-admin']),
  companyId: z.string().trim().min(1).optional(),
  phone: z.string().trim().min(11, { error: messages.phoneInvalid }).max(30).optional(),
})
export type AdminUserCreate = z.input<typeof adminUserCreateSchema>

/** The current user kept after sign-in (docs/product.md §3). */
export const currentUserSchema = z.object({
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  uid: z.string(),
  phoneNumber: z.string().nullable(),
  photoUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
})
export type CurrentUser = z.infer<typeof currentUserSchema>

/** A user record as the API returns it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roles: z.array(roleSchema),
  companies: z.array(z.string()),
  indicatedBy: z.string().nullable(),
  referralCode: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
})
export type User = z.infer<typeof userSchema>

/** A person's roles and companies, as an admin sets them (`PATCH /users/{id}`). */
export const userAccessSchema = z.strictObject({
  roles: userRolesSchema,
  companies: userCompaniesSchema,
})
export type UserAccess = z.input<typeof userAccessSchema>

/** A user in the back office's answers: with their companies by name. */
export const adminUserSchema = userSchema.extend({ companyRefs: z.array(companyRefSchema) })
export type AdminUser = z.infer<typeof adminUserSchema>

/** `GET /admin/users/{id}`: also what the identity service knows (last sign-in). */
export const adminUserDetailSchema = adminUserSchema.extend({
  lastSignInAt: isoDateTimeSchema.nullable(),
})
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>

/** `POST /admin/users` answers the new user with a sign-in link to hand to them. */
export const adminUserCreatedSchema = adminUserSchema.extend({ signInLink: z.string().nullable() })
export type AdminUserCreated = z.infer<typeof adminUserCreatedSchema>

export const userMessages = {
  notFound: 'Usuário não encontrado.',
  emailTaken: 'Este e-mail já está cadastrado.',
  adminFieldsOnly: 'Apenas administradores do sistema alteram papéis, empresas ou bloqueio.',
  lastAdmin: 'Não é possível remover ou rebaixar o último administrador do sistema.',
  companyUnknown: 'Empresa não encontrada.',
  ownAdminRole: 'Você não pode remover o seu próprio papel de administrador do sistema.',
} as const

/** `PATCH /users/{id}`: the person edits name and phone; a system admin also roles, companies, blocking. */
export const userUpdateSchema = z
  .strictObject({
    name: personNameSchema,
    phone: mobilePhoneSchema.nullable(),
    roles: userRolesSchema,
    companies: userCompaniesSchema,
    disabled: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, {
    error: 'Informe pelo menos um campo para alterar.',
  })
export type UserUpdate = z.input<typeof userUpdateSchema>

/** `GET /admin/users` (docs/product.md §7). */
export const adminUserListQuerySchema = pageQuerySchema(10).extend({
  companyId: z.string().trim().min(1).max(128).optional(),
  query: z.string().trim().max(100).optional(),
})
