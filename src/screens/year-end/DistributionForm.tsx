import { useState, type FormEvent } from 'react'
import { formatCpfValue, formatMoney } from '@/lib/format'
import type { Distribution, Profits } from '@/schemas/year-end'
import { ApiError } from '@/services/api'
import { useRecordDistribution } from '@/services/year-end'
import { GuideBox } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { CheckboxField, SelectField, TextField } from '@/ui/Field'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import styles from './YearEnd.module.css'

/**
 * Records a payment of profits to a partner (POST /companies/{id}/profits/distributions): who,
 * when, how much, and whether it is profit of results up to 2025 approved by 31/01/2026 (not
 * withheld). The answer says what was withheld, shows the month's DARF 1841 and warns when the
 * year's exempt amount is passed.
 */
export function DistributionForm({
  companyId,
  profits,
  today,
}: {
  companyId: string
  profits: Profits
  today: string
}) {
  const record = useRecordDistribution()
  const [partnerId, setPartnerId] = useState(profits.partners[0]?.partnerId ?? '')
  const [date, setDate] = useState(today)
  const [amount, setAmount] = useState<number | null>(null)
  const [upTo2025, setUpTo2025] = useState(false)
  const [approvedOn, setApprovedOn] = useState('')
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> }>()
  const [recorded, setRecorded] = useState<Distribution | null>(null)

  if (profits.partners.length === 0)
    return (
      <Alert tone="warning" title="Nenhum sócio cadastrado">
        Os sócios vêm do cadastro da empresa: sem eles não há a quem distribuir lucros.
      </Alert>
    )

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(undefined)
    setRecorded(null)
    if (amount === null) {
      setFailure({
        message: 'Informe o valor pago.',
        fields: { amount: 'Informe o valor da distribuição (ex.: 15.000,00).' },
      })
      return
    }
    try {
      const distribution = await record.mutateAsync({
        companyId,
        distribution: {
          partnerId,
          date,
          amount,
          fromResultsUpTo2025: upTo2025,
          approvedOn: upTo2025 && approvedOn ? approvedOn : null,
        },
      })
      setRecorded(distribution)
      setAmount(null)
      notify.success(
        `Distribuição de ${formatMoney(distribution.amount)} registrada${distribution.irrf > 0 ? `: ${formatMoney(distribution.irrf)} retidos` : ''}.`,
      )
    } catch (error) {
      const fields: Record<string, string> = {}
      if (error instanceof ApiError)
        for (const issue of error.issues)
          if (typeof issue.path[0] === 'string') fields[issue.path[0]] = issue.message
      setFailure({ message: error instanceof Error ? error.message : 'Tente de novo.', fields })
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Registrar distribuição">
      <fieldset className={styles.fields}>
        <legend>Registrar distribuição de lucros</legend>
        <SelectField
          label="Sócio"
          value={partnerId}
          onChange={(event) => setPartnerId(event.target.value)}
          options={profits.partners.map((partner) => ({
            value: partner.partnerId,
            label: `${partner.name} (CPF ${formatCpfValue(partner.cpf)})`,
          }))}
          error={failure?.fields.partnerId}
        />
        <TextField
          label="Data do pagamento"
          type="date"
          value={date}
          max={today}
          onChange={(event) => setDate(event.target.value)}
          error={failure?.fields.date}
          required
        />
        <MoneyField
          label="Valor pago"
          name="amount"
          value={amount}
          onChange={setAmount}
          error={failure?.fields.amount}
          required
        />
        <div className={styles.wide}>
          <CheckboxField
            label="São lucros de resultados até 2025, com a distribuição aprovada até 31/01/2026"
            checked={upTo2025}
            onChange={(event) => setUpTo2025(event.target.checked)}
          />
        </div>
        {upTo2025 && (
          <TextField
            label="Aprovada em"
            type="date"
            value={approvedOn}
            onChange={(event) => setApprovedOn(event.target.value)}
            error={failure?.fields.approvedOn}
            hint="A data da ata ou da alteração contratual que aprovou a distribuição."
            required
          />
        )}
      </fieldset>
      <p className={styles.note}>
        A partir de 2026, quando um sócio recebe mais de R$ 50.000,00 de lucros da empresa no mesmo
        mês, a empresa retém 10 % do total do mês (Lei 9.250/1995, art. 6º-A) e paga no DARF código
        1841, até o último dia útil do 2º decêndio do mês seguinte.
      </p>
      {failure && (
        <Alert tone="danger" title="Não foi possível registrar.">
          {failure.message} O que você preencheu continua aqui.
        </Alert>
      )}
      <div>
        <Button type="submit" loading={record.isPending}>
          Registrar distribuição
        </Button>
      </div>
      {recorded && (
        <div className="stack" aria-live="polite">
          {recorded.warnings.map((warning) => (
            <Alert
              key={warning.code}
              tone="warning"
              title={
                warning.code === 'withheld'
                  ? `IRRF de ${formatMoney(recorded.irrf)} retido`
                  : 'Acima do limite isento'
              }
            >
              {warning.message}
            </Alert>
          ))}
          {recorded.guide && <GuideBox companyId={companyId} guide={recorded.guide} />}
        </div>
      )}
    </form>
  )
}
