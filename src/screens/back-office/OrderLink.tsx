import { Link } from '@tanstack/react-router'
import type { TrackId } from '@/schemas/company'
import { buttonClass } from '@/ui/Button'

/**
 * To the company's opening or migration order, where its track's accountant steps (the guide,
 * the CNPJ) and its subscription are worked.
 */
export function OrderLink({ companyId, trackId }: { companyId: string; trackId: TrackId }) {
  return (
    <Link
      to="/app/admin/companies/orders/$companyId"
      params={{ companyId }}
      className={buttonClass({ variant: 'secondary', size: 'sm' })}
    >
      {trackId === 'create-company' ? 'Pedido de abertura' : 'Pedido de migração'}
    </Link>
  )
}
