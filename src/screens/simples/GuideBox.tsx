import { useState } from 'react'
import { formatMoney } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import type { MonthGuide } from '@/schemas/simples/api'
import { useDownloadFile } from '@/services/documents'
import { Button } from '@/ui/Button'
import { Badge } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { formatLine } from './format'
import { LatePaymentDialog } from './LatePaymentDialog'
import { guideStateOf } from './month-state'
import styles from './Simples.module.css'

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    notify.success('Linha digitável copiada.')
  } catch {
    notify.error('Não foi possível copiar: selecione a linha e copie com Ctrl+C.')
  }
}

/** "Baixar guia": the guide's PDF through a signed link. */
export function GuideDownload({ companyId, guide }: { companyId: string; guide: MonthGuide }) {
  const download = useDownloadFile()
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { companyId, fileName: guide.fileName },
          { onError: (error) => notify.error(error.message || 'Não foi possível baixar a guia.') },
        )
      }
      aria-label={`Baixar guia: ${guide.name}`}
    >
      Baixar guia
    </Button>
  )
}

/**
 * A guide to pay: amount, due date and its line to copy ("pagar"); past due, the expired line is
 * never offered — a DAS or DARF is recalculated for the day it will be paid instead.
 */
export function GuideBox({
  companyId,
  guide,
  updatable = guide.kind === 'DAS' || guide.kind === 'DARF',
  onMarkPaid,
  headingLevel = 3,
}: {
  companyId: string
  guide: MonthGuide
  updatable?: boolean
  onMarkPaid?: () => void
  headingLevel?: 3 | 4
}) {
  const [updating, setUpdating] = useState(false)
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const state = guideStateOf(guide, todayInBrazil())
  const paid = state.kind === 'paid'
  return (
    <div
      className={[styles.guide, guide.overdue ? styles.overdue : ''].filter(Boolean).join(' ')}
      data-testid="guide-box"
      data-guide-id={guide.documentId}
      // The result an action moves focus to (a recalculated guide, src/ui/return-focus.ts).
      tabIndex={-1}
    >
      <div className={styles.guideHead}>
        <Heading>{guide.name}</Heading>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <div>
        <div className={styles.amount} data-testid="guide-amount">
          {formatMoney(guide.amount)}
        </div>
        <div className={styles.muted} data-testid="guide-due">
          {state.kind === 'overdue' ? <strong>{state.text}</strong> : state.text}
        </div>
      </div>
      {guide.line && (
        <div className={styles.line}>
          <code aria-label="Linha digitável" data-testid="guide-line">
            {formatLine(guide.line)}
          </code>
          <Button
            size="sm"
            onClick={() => void copy(guide.line!)}
            aria-label={`Copiar a linha digitável de ${guide.name} para pagar`}
          >
            Copiar a linha para pagar
          </Button>
        </div>
      )}
      {guide.overdue && !guide.replacedBy && (
        <p className={styles.muted}>
          {updatable
            ? 'A linha desta guia venceu e não vale mais: gere a guia atualizada, com multa e juros, para o dia em que vai pagar.'
            : 'A linha desta guia venceu e não vale mais: peça à contabilidade a guia atualizada.'}
        </p>
      )}
      <div className={styles.actions}>
        {guide.overdue && !guide.replacedBy && updatable && (
          <Button size="sm" onClick={() => setUpdating(true)}>
            Gerar guia atualizada
          </Button>
        )}
        <GuideDownload companyId={companyId} guide={guide} />
        {onMarkPaid && !paid && !guide.replacedBy && (
          <Button size="sm" variant="secondary" onClick={onMarkPaid}>
            Marcar como paga
          </Button>
        )}
      </div>
      {updating && (
        <LatePaymentDialog
          companyId={companyId}
          guide={guide}
          open={updating}
          onOpenChange={setUpdating}
        />
      )}
    </div>
  )
}
