import type { Role } from '@/schemas/claims'

export const roleLabels: Record<Role, string> = {
  'system-admin': 'Administrador do sistema',
  'company-admin': 'Administrador da empresa',
}
