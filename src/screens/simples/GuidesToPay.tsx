import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import type { CompanyGuide } from '@/schemas/simples/api'
import { guidesQueryOptions, useMarkGuidePaid } from '@/services/simples'
import { ConfirmDialog } from '@/ui/Dialog'
import { notify } from '@/ui/notify'
import { GuideBox } from './GuideBox'
import styles from './Simples.module.css'

/**
 * The guides to pay, due first (GET /companies/{id}/guides): each with its amount and due date,
 * its line to copy while it is valid, and once overdue the recalculation instead of the line.
 * Nothing when there is none (`empty` says otherwise where a place needs it).
 */
export function GuidesToPay({
  companyId,
  empty = null,
}: {
  companyId: string
  empty?: React.ReactNode
}) {
  const { data } = useSuspenseQuery(guidesQueryOptions(companyId))
  const pay = useMarkGuidePaid()
  const [paying, setPaying] = useState<CompanyGuide | null>(null)
  if (data.data.length === 0) return <>{empty}</>
  function markPaid() {
    if (!paying) return
    pay.mutate(
      { companyId, documentId: paying.documentId },
      {
        onSuccess: () => {
          notify.success(`Guia marcada como paga: ${paying.name}.`)
          setPaying(null)
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }
  return (
    <>
      <ul className={styles.guides} aria-label="Guias a pagar">
        {data.data.map((guide) => (
          <li
            key={guide.documentId}
            aria-label={`${guide.name}${guide.overdue ? ' (vencida)' : ''}`}
          >
            <GuideBox
              companyId={companyId}
              guide={guide}
              updatable={guide.updatable}
              onMarkPaid={() => setPaying(guide)}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        title="Marcar a guia como paga?"
        description={
          paying
            ? `${paying.name}: ${formatMoney(paying.amount)}, vencimento ${formatDate(paying.dueDate)}. Faça isso depois de pagar; a contabilidade confere o pagamento.`
            : ''
        }
        confirmLabel="Marcar como paga"
        busy={pay.isPending}
        onConfirm={markPaid}
      />
    </>
  )
}
