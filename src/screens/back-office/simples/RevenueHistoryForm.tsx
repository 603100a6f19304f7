import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { ApiError } from '@/services/api'
import { revenueHistoryQueryOptions, useSaveRevenueHistory } from '@/services/simples'
import { competenceShort } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import styles from './Queue.module.css'

/**
 * The revenue from before us, for the accountant: the months before the company's data here (its
 * invoices, declared revenue and closed months), from the start of activity, each as the previous
 * accountant's PGDAS-D declared it. The months the current month's RBT12 lacks come first; a
 * blank month is not declared (zero is a month without revenue).
 * PUT /companies/{id}/revenue-history.
 */
export function RevenueHistoryForm({
  companyId,
  missingMonths,
}: {
  companyId: string
  /** The months the month on screen lacks. */
  missingMonths: readonly string[]
}) {
  const { data: history } = useSuspenseQuery(revenueHistoryQueryOptions(companyId))
  const save = useSaveRevenueHistory()
  const declared = new Map(history.months.map((month) => [month.period, month.amount]))
  const [amounts, setAmounts] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(history.allowed.map((month) => [month, declared.get(month) ?? null])),
  )
  const [all, setAll] = useState(false)
  const [failure, setFailure] = useState<{ message: string; period?: string } | null>(null)
  const needed = new Set(missingMonths)
  const shown = history.allowed
    .filter((month) => all || needed.has(month) || declared.has(month))
    .slice()
    .reverse()

  if (history.allowed.length === 0)
    return (
      <p className="muted">
        {history.openedOn
          ? `Nenhum mês antes dos dados deste sistema desde o início de atividade (${formatDate(history.openedOn)}): não há receita anterior a declarar.`
          : 'Não há meses anteriores aos dados deste sistema a declarar.'}
      </p>
    )

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const months = history.allowed
      .filter((month) => amounts[month] !== null && amounts[month] !== undefined)
      .map((month) => ({ period: month, amount: amounts[month]! }))
    try {
      const saved = await save.mutateAsync({ companyId, history: { months } })
      notify.success(
        saved.months.length === 0
          ? 'Receita de antes do sistema removida.'
          : `Receita de antes do sistema salva: ${saved.months.length} ${saved.months.length === 1 ? 'mês' : 'meses'}.`,
      )
    } catch (error) {
      const index =
        error instanceof ApiError
          ? error.issues.find((issue) => issue.path[0] === 'months')?.path[1]
          : undefined
      setFailure({
        message: error instanceof Error ? error.message : 'Tente de novo.',
        period: typeof index === 'number' ? months[index]?.period : undefined,
      })
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Receita de antes do sistema">
      <p className="muted">
        Meses de {competenceShort(history.allowed[0]!)} a {competenceShort(history.allowed.at(-1)!)}
        , antes dos dados deste sistema
        {history.openedOn ? ` (início de atividade em ${formatDate(history.openedOn)})` : ''}: a
        receita bruta de cada um, como o PGDAS-D da contabilidade anterior declarou. Deixe em branco
        o que não souber; zero é um mês sem receita.
      </p>
      {missingMonths.length > 0 && (
        <Alert tone="warning" title="A RBT12 deste mês precisa de:">
          {missingMonths.map(competenceShort).join(', ')}.
        </Alert>
      )}
      <div className={styles.historyGrid}>
        {shown.map((month) => (
          <MoneyField
            key={month}
            label={`Receita de ${competenceShort(month)}`}
            name={`history-${month}`}
            value={amounts[month] ?? null}
            onChange={(value) => setAmounts((previous) => ({ ...previous, [month]: value }))}
            hint={
              needed.has(month)
                ? 'Falta para a RBT12.'
                : declared.has(month)
                  ? `Declarado: ${formatMoney(declared.get(month)!)}.`
                  : undefined
            }
            error={failure?.period === month ? failure.message : undefined}
          />
        ))}
      </div>
      {!all && shown.length < history.allowed.length && (
        <div>
          <Button variant="ghost" onClick={() => setAll(true)}>
            Mostrar os {history.allowed.length} meses
          </Button>
        </div>
      )}
      {failure && (!failure.period || !shown.includes(failure.period)) && (
        <Alert tone="danger" title="Não foi possível salvar.">
          {failure.message} O que você preencheu continua aqui.
        </Alert>
      )}
      {history.updatedAt && (
        <p className="muted">Declarada em {formatDateTime(history.updatedAt)}.</p>
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          Salvar receita
        </Button>
      </div>
    </form>
  )
}
