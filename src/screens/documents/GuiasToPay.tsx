import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import type { CompanyDocument } from '@/schemas/document'
import { documentsQueryOptions, useChangeDocumentStatus } from '@/services/documents'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Badge } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { formatCompetence, formatDigitableLine, isOverdue } from './document-format'
import { pendingGuiasInput } from './documents-search'
import { DownloadButton } from './DownloadButton'
import styles from './Documents.module.css'

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    notify.success('Linha digitável copiada.')
  } catch {
    notify.error('Não foi possível copiar: selecione a linha e copie com Ctrl+C.')
  }
}

/**
 * The guias the accountant sent that are still to pay, due first: amount, due date, the linha
 * digitável with a copy button; overdue ones stand out. "Marcar como paga" moves one to `paid`.
 */
export function GuiasToPay({ companyId }: { companyId: string }) {
  const { data } = useSuspenseQuery(documentsQueryOptions(pendingGuiasInput(companyId)))
  const change = useChangeDocumentStatus()
  const [paying, setPaying] = useState<CompanyDocument | null>(null)
  const guias = [...data.data].sort((a, b) =>
    (a.guia?.dueDate ?? '').localeCompare(b.guia?.dueDate ?? ''),
  )
  if (guias.length === 0) return null

  function markPaid() {
    if (!paying) return
    change.mutate(
      { companyId, documentId: paying.id, status: 'paid' },
      {
        onSuccess: (document) => {
          notify.success(`Guia marcada como paga: ${document.name}.`)
          setPaying(null)
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }

  return (
    <section className={styles.section} aria-labelledby="guias-heading">
      <h2 id="guias-heading">Guias a pagar</h2>
      <ul className={styles.guias}>
        {guias.map((guia) => {
          const overdue = isOverdue(guia)
          const details = guia.guia
          return (
            <li
              key={guia.id}
              className={[styles.guia, overdue ? styles.overdue : ''].filter(Boolean).join(' ')}
              aria-label={`${guia.name}${overdue ? ' (vencida)' : ''}`}
            >
              <div className={styles.guiaHead}>
                <div>
                  <h3>{guia.name}</h3>
                  {guia.competence && (
                    <span className={styles.muted}>
                      Competência {formatCompetence(guia.competence)}
                    </span>
                  )}
                </div>
                {overdue ? (
                  <Badge tone="danger">Vencida</Badge>
                ) : (
                  <Badge tone="warning">A pagar</Badge>
                )}
              </div>
              {details && (
                <>
                  <div>
                    <div className={styles.amount}>{formatMoney(details.amount)}</div>
                    <div className={styles.due}>
                      {overdue ? (
                        <strong>Venceu em {formatDate(details.dueDate)}</strong>
                      ) : (
                        <>Vence em {formatDate(details.dueDate)}</>
                      )}
                    </div>
                  </div>
                  {details.digitableLine ? (
                    <div className={styles.line}>
                      <code aria-label="Linha digitável">
                        {formatDigitableLine(details.digitableLine)}
                      </code>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => void copy(details.digitableLine!)}
                        aria-label={`Copiar a linha digitável de ${guia.name}`}
                      >
                        Copiar
                      </Button>
                    </div>
                  ) : (
                    <span className={styles.muted}>
                      Sem linha digitável: pague pelo PDF da guia.
                    </span>
                  )}
                </>
              )}
              <div className="row" style={{ flexWrap: 'wrap' }}>
                <DownloadButton companyId={companyId} document={guia} label="Baixar guia" />
                <Button size="sm" onClick={() => setPaying(guia)}>
                  Marcar como paga
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
      <ConfirmDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        title="Marcar a guia como paga?"
        description={
          paying?.guia
            ? `${paying.name}: ${formatMoney(paying.guia.amount)}, vencimento ${formatDate(paying.guia.dueDate)}. Faça isso depois de pagar; a contabilidade confere o pagamento.`
            : ''
        }
        confirmLabel="Marcar como paga"
        busy={change.isPending}
        onConfirm={markPaid}
      />
    </section>
  )
}
