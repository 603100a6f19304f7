import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import { lastDayOf } from '@/kernel/tax'
import type { MonthGuide } from '@/schemas/simples/api'
import { latePaymentQueryOptions, useCreateLateGuide } from '@/services/simples'
import { Button } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Dialog } from '@/ui/Dialog'
import { Alert, Loading } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { notify } from '@/ui/notify'
import { competenceShort, formatRate } from './format'
import styles from './Simples.module.css'

/**
 * The guide recalculated for the day it will be paid (Lei 9.430/1996, art. 61): the original
 * amount, the multa de mora (0,33 % a day, up to 20 %) and the juros (Selic of the months between
 * plus 1 % in the month of payment); "Gerar guia atualizada" issues it, replacing the expired one.
 */
export function LatePaymentDialog({
  companyId,
  guide,
  open,
  onOpenChange,
}: {
  companyId: string
  guide: MonthGuide
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const today = todayInBrazil()
  const lastDay = lastDayOf(today.slice(0, 7))
  const [day, setDay] = useState(today)
  const valid = day >= today && day <= lastDay
  const quote = useQuery({
    ...latePaymentQueryOptions({ companyId, documentId: guide.documentId, paymentDate: day }),
    enabled: open && valid,
  })
  const create = useCreateLateGuide()
  // mutateAsync: the expired guide this dialog belongs to leaves the list once the new one is
  // there, and a mutate callback would not run for an unmounted screen.
  async function issue() {
    try {
      const answer = await create.mutateAsync({
        companyId,
        documentId: guide.documentId,
        paymentDate: day,
      })
      notify.success(
        `Guia atualizada: ${formatMoney(answer.total)} para pagar até ${formatDate(answer.paymentDate)}.`,
      )
      onOpenChange(false)
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Não foi possível gerar a guia.')
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Gerar guia atualizada"
      description={`${guide.name}: venceu em ${formatDate(guide.dueDate)}. A nova guia vale para o dia do pagamento.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button
            onClick={() => void issue()}
            loading={create.isPending}
            disabled={!quote.data || !valid}
          >
            Gerar guia atualizada
          </Button>
        </>
      }
    >
      <div className={styles.charges}>
        <TextField
          label="Data do pagamento"
          type="date"
          value={day}
          min={today}
          max={lastDay}
          onChange={(event) => setDay(event.target.value)}
          error={
            valid
              ? undefined
              : `Escolha um dia de ${formatDate(today)} a ${formatDate(lastDay)}: os juros mudam a cada mês.`
          }
        />
        {quote.isPending && valid && <Loading label="Calculando multa e juros…" />}
        {quote.isError && (
          <Alert tone="danger" title="Não foi possível calcular a guia atualizada">
            {quote.error.message}
          </Alert>
        )}
        {quote.data && (
          <DescriptionList
            items={[
              {
                term: `Valor original (vencimento ${formatDate(quote.data.dueDate)})`,
                value: formatMoney(quote.data.principal),
              },
              {
                term: `Multa de mora: ${formatRate(quote.data.fineRate)} (${quote.data.days} ${quote.data.days === 1 ? 'dia' : 'dias'} de atraso, até 20 %)`,
                value: formatMoney(quote.data.fine),
              },
              {
                term: `Juros: ${formatRate(quote.data.interestRate)}${
                  quote.data.selicMonths.length
                    ? ` (Selic de ${quote.data.selicMonths.map(competenceShort).join(', ')} e 1 % do mês do pagamento)`
                    : quote.data.interestRate > 0
                      ? ' (1 % do mês do pagamento)'
                      : ' (pago no mês do vencimento)'
                }`,
                value: formatMoney(quote.data.interest),
              },
              {
                term: <strong>Total a pagar em {formatDate(quote.data.paymentDate)}</strong>,
                value: <strong data-testid="late-total">{formatMoney(quote.data.total)}</strong>,
              },
            ]}
          />
        )}
      </div>
    </Dialog>
  )
}
