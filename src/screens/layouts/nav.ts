// The signed-in area's navigation: one list per audience, in the side menu's order.
import type { LinkProps } from '@tanstack/react-router'
import type { IconName } from '@/ui/Icon'

/** `to` is one of the router's own paths (checked by the compiler against the route tree). */
export type NavItem = {
  to: NonNullable<LinkProps['to']>
  label: string
  icon: IconName
  exact?: boolean
}
export type NavGroup = { label: string; items: NavItem[] }

export const clientNav: NavGroup[] = [
  {
    label: 'Minha empresa',
    items: [
      { to: '/app/panel', label: 'Painel', icon: 'panel' },
      { to: '/app/invoices', label: 'Notas fiscais', icon: 'receipt' },
      { to: '/app/documents', label: 'Documentos', icon: 'folder' },
      { to: '/app/payroll', label: 'Pró-labore', icon: 'idCard' },
      { to: '/app/profits', label: 'Lucros', icon: 'chart' },
      { to: '/app/bank-statements/accounts', label: 'Extratos bancários', icon: 'bank' },
      { to: '/app/bank-statements/reconciliation', label: 'Conciliação', icon: 'swap' },
    ],
  },
  {
    label: 'Minha conta',
    items: [
      { to: '/app/user/my-profile', label: 'Meu perfil', icon: 'user' },
      { to: '/app/user/my-docs', label: 'Meus documentos', icon: 'idCard' },
      {
        to: '/app/user/my-income-reports',
        label: 'Informe de rendimentos',
        icon: 'document',
      },
      { to: '/app/user/my-certificate', label: 'Certificado digital', icon: 'shield' },
      { to: '/app/user/my-billing', label: 'Cobrança', icon: 'card' },
      { to: '/app/user/my-invites', label: 'Convites', icon: 'mail' },
      { to: '/app/user/my-referrals', label: 'Indicações', icon: 'gift' },
    ],
  },
  {
    label: 'Parceiros',
    items: [{ to: '/app/partners/duca', label: 'Duca: comissão por indicação', icon: 'star' }],
  },
]

export const adminNav: NavGroup[] = [
  {
    label: 'Back office',
    items: [
      { to: '/app/admin/companies', label: 'Empresas', icon: 'building', exact: true },
      { to: '/app/admin/companies/opening-orders', label: 'Pedidos de abertura', icon: 'plus' },
      { to: '/app/admin/companies/migration-orders', label: 'Pedidos de migração', icon: 'swap' },
      { to: '/app/admin/invoices/nf-requests', label: 'Solicitações de NFS-e', icon: 'receipt' },
      { to: '/app/admin/simples', label: 'Fechamento do mês', icon: 'chart' },
      { to: '/app/admin/selic', label: 'Taxa Selic', icon: 'bank' },
      { to: '/app/admin/year-end', label: 'Fechamento do ano', icon: 'clock' },
      { to: '/app/admin/users', label: 'Usuários', icon: 'users' },
    ],
  },
  {
    label: 'Minha conta',
    items: [
      { to: '/app/panel', label: 'Painel', icon: 'panel' },
      { to: '/app/user/my-profile', label: 'Meu perfil', icon: 'user' },
    ],
  },
]
