import { Link } from '@tanstack/react-router'
import { Alert } from '@/ui/Feedback'
import { buttonClass } from '@/ui/Button'

export type Banner = { kind: 'overdue'; companyName: string }

/**
 * Notices the company-requirements gate raised (docs/product.md §6: overdue passes with a banner).
 */
export function GateBanners({ banners }: { banners: readonly Banner[] }) {
  if (banners.length === 0) return null
  return (
    <div className="stack" style={{ marginBottom: 'var(--space-6)' }}>
      {banners.map((banner) => (
        <Alert
          key={banner.kind}
          tone="warning"
          title="Pagamento em atraso"
          action={
            <Link
              to="/app/user/my-billing"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              Ver cobrança
            </Link>
          }
        >
          A mensalidade de {banner.companyName} está em atraso. Regularize para manter todos os
          serviços da contabilidade em dia.
        </Alert>
      ))}
    </div>
  )
}
