import { z } from 'zod'
import { digitsOnly } from '@/schemas/brazil'
import { companyRefSchema } from '@/schemas/company'
import { adminUserCreateSchema, userAccessSchema } from '@/schemas/user'

/** The national number of a masked mobile (`+55 (11) 91234-5678` → `11912345678`). */
const nationalDigits = (phone: string) => {
  const digits = digitsOnly(phone)
  return digits.startsWith('55') ? digits.slice(2) : digits
}

/**
 * The form's values checked by `POST /admin/users`' own schema: the phone counts its digits
 * (the mask's `+55 (` does not count; under 11 is 'Celular inválido'), a blank phone or company
 * is none.
 */
export const createUserFormSchema = adminUserCreateSchema.extend({
  phone: z
    .string()
    .transform((phone) => nationalDigits(phone) || undefined)
    .pipe(adminUserCreateSchema.shape.phone),
  companyId: z
    .string()
    .transform((id) => id || undefined)
    .pipe(adminUserCreateSchema.shape.companyId),
})
/** The "Novo usuário" form as it holds its values (the phone with its mask, '' for none). */
export type CreateUserValues = z.input<typeof createUserFormSchema>
export type CreateUserOutput = z.output<typeof createUserFormSchema>

export const createUserFieldLabels: Record<string, string> = {
  name: 'Nome completo',
  email: 'E-mail',
  phone: 'Celular',
  roles: 'Papéis',
  companyId: 'Empresa',
}

/** The "Acesso" form of a person: roles, and the companies as the screen shows them. */
export const userAccessFormSchema = z.object({
  roles: userAccessSchema.shape.roles,
  companies: z
    .array(companyRefSchema)
    .transform((companies) => companies.map((company) => company.id))
    .pipe(userAccessSchema.shape.companies),
})
export type UserAccessValues = z.input<typeof userAccessFormSchema>
export type UserAccessOutput = z.output<typeof userAccessFormSchema>
