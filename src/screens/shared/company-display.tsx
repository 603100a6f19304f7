import { subscriptionStatusLabels } from '@/schemas/glossary'
import {
  companySizeLabels,
  companyTypeLabels,
  type Company,
  type CompanyStatus,
} from '@/schemas/company'
import { companyStatusLabels } from '@/schemas/glossary'
import type { Address } from '@/schemas/address'
import { formatCepValue, formatCnpjValue, formatDate, formatMoney } from '@/lib/format'
import { Badge } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'

const statusTones: Record<CompanyStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  pending: 'neutral',
  awaiting_opening: 'info',
  opening: 'info',
  migrating: 'info',
  active: 'success',
  overdue: 'warning',
  disabled: 'danger',
}

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <Badge tone={statusTones[status]}>{companyStatusLabels[status]}</Badge>
}

export const formatAddress = (address: Address | null) =>
  address
    ? `${address.street}, ${address.number}${address.complement ? ` – ${address.complement}` : ''}, ${address.neighborhood}, ${address.city}/${address.state}, CEP ${formatCepValue(address.zipCode)}`
    : 'Ainda não informado'

/** A subscription's situation, in the glossary's words (the client's Cobrança says the same). */
export const subscriptionLabels = subscriptionStatusLabels

/** A company's registration data as a description list. */
export function CompanyDetails({ company }: { company: Company }) {
  const subscription = company.currentSubscription
  return (
    <DescriptionList
      items={[
        { term: 'Razão social', value: company.name },
        { term: 'Nome fantasia', value: company.alias ?? '—' },
        { term: 'CNPJ', value: company.cnpj ? formatCnpjValue(company.cnpj) : 'Ainda não emitido' },
        { term: 'Situação', value: <CompanyStatusBadge status={company.status} /> },
        { term: 'Natureza', value: company.type ? companyTypeLabels[company.type] : '—' },
        { term: 'Porte', value: company.size ? companySizeLabels[company.size] : '—' },
        { term: 'Endereço', value: formatAddress(company.address) },
        {
          term: 'Assinatura',
          value: subscription
            ? `${subscriptionLabels[subscription.status]} · ${formatMoney(subscription.amount)}/mês`
            : 'Ainda não contratada',
        },
        { term: 'Cliente desde', value: formatDate(company.createdAt) },
      ]}
    />
  )
}
