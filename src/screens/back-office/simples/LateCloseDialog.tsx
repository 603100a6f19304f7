import { formatMoney } from '@/lib/format'
import { dueWords } from '@/kernel/dates'
import { ConfirmDialog } from '@/ui/Dialog'
import { competenceLabel } from '@/screens/simples'

// Closing a month whose DAS is already past due asks first (Lei 9.430/1996, art. 61): the guide
// comes out late, and whoever pays it pays multa de mora (0,33 % a day, up to 20 %) and juros
// (Selic) for the day it is paid. What the accountant confirms says so, with the days late.

export type LateClose = {
  period: string
  dueDate: string
  /** How many of the months to close are late (one on the month page). */
  count: number
  /** The DAS of the one month (the month page), to say its amount. */
  amount?: number
}

export function LateCloseDialog({
  late,
  today,
  busy,
  onConfirm,
  onOpenChange,
}: {
  late: LateClose | null
  today: string
  busy: boolean
  onConfirm: () => void
  onOpenChange: (open: boolean) => void
}) {
  const due = late ? dueWords(late.dueDate, today).text : ''
  const one = late?.count === 1
  return (
    <ConfirmDialog
      open={late !== null}
      onOpenChange={onOpenChange}
      title={one ? 'Fechar o mês com o DAS já vencido?' : 'Fechar meses com o DAS já vencido?'}
      description={
        late
          ? `${one ? `O DAS de ${competenceLabel(late.period)}${late.amount !== undefined ? ` (${formatMoney(late.amount)})` : ''}` : `O DAS de ${competenceLabel(late.period)} de ${late.count} empresas`} ${due}. ${one ? 'A guia sai vencida' : 'As guias saem vencidas'}: a linha não vale mais, e o pagamento leva multa de mora (0,33 % ao dia, até 20 %) e juros (Selic) até o dia em que for pago. ${one ? 'Logo depois de fechar, você gera a guia atualizada para o dia do pagamento.' : 'Cada cliente gera a guia atualizada no painel, e a página do mês de cada empresa também a oferece.'}`
          : ''
      }
      confirmLabel={one ? 'Fechar mesmo assim' : `Fechar os ${late?.count ?? 0} mesmo assim`}
      busy={busy}
      onConfirm={onConfirm}
    />
  )
}
