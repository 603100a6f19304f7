import { useState, type FormEvent } from 'react'
import { formatCpfValue, formatDate, formatMoney } from '@/lib/format'
import type { Payroll } from '@/schemas/simples/api'
import { ApiError } from '@/services/api'
import { useSavePayroll } from '@/services/payroll'
import { competenceLabel } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import { DataTable } from '@/ui/Table'
import styles from './Payroll.module.css'

/**
 * The month's payroll to enter: each partner's pró-labore (the partners of the company's
 * registration), the employees' salaries and the FGTS paid on them. Saved with
 * PUT /companies/{id}/payroll/{period}; a closed month is shown, not edited.
 */
export function PayrollForm({ companyId, payroll }: { companyId: string; payroll: Payroll }) {
  const save = useSavePayroll()
  const [amounts, setAmounts] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(
      payroll.partners.map((partner) => [
        partner.partnerId,
        payroll.entered ? partner.amount : null,
      ]),
    ),
  )
  const [salaries, setSalaries] = useState<number | null>(payroll.entered ? payroll.salaries : null)
  const [fgts, setFgts] = useState<number | null>(payroll.entered ? payroll.fgts : null)
  const [failure, setFailure] = useState<{
    message: string
    fields: Record<string, string>
  } | null>(null)
  if (payroll.locked)
    return (
      <Alert tone="info" title={`${competenceLabel(payroll.period)} está fechado`}>
        A folha deste mês já foi usada no DAS e na DCTFWeb e não muda mais. Para corrigir, fale com
        a contabilidade (retificação).
      </Alert>
    )

  // mutateAsync: the saved payroll replaces this form (its key is the payroll's save time), and a
  // mutate callback would not run for a form no longer on screen.
  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    try {
      const saved = await save.mutateAsync({
        companyId,
        period: payroll.period,
        payroll: {
          proLabore: payroll.partners.map((partner) => ({
            partnerId: partner.partnerId,
            amount: amounts[partner.partnerId] ?? 0,
          })),
          salaries: salaries ?? 0,
          fgts: fgts ?? 0,
        },
      })
      notify.success(
        `Folha de ${competenceLabel(saved.period)} salva: DARF da DCTFWeb de ${formatMoney(saved.darf)}.`,
      )
    } catch (error) {
      const fields: Record<string, string> = {}
      if (error instanceof ApiError)
        for (const issue of error.issues) {
          const [head, index, field] = issue.path
          if (head === 'proLabore' && typeof index === 'number') {
            const partner = payroll.partners[index]
            if (partner && (field === 'amount' || field === 'partnerId'))
              fields[partner.partnerId] = issue.message
          } else if (typeof head === 'string') fields[head] = issue.message
        }
      setFailure({
        message: error instanceof Error ? error.message : 'Tente de novo.',
        fields,
      })
    }
  }

  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label={`Folha de ${competenceLabel(payroll.period)}`}
    >
      {payroll.partners.length === 0 ? (
        <Alert tone="warning" title="Nenhum sócio cadastrado">
          Os sócios vêm do cadastro da empresa. Sem eles, lance só os salários e o FGTS do mês.
        </Alert>
      ) : (
        <fieldset className={styles.fields}>
          <legend>Pró-labore de cada sócio</legend>
          {payroll.partners.map((partner) => (
            <MoneyField
              key={partner.partnerId}
              label={`${partner.name} (CPF ${formatCpfValue(partner.cpf)})`}
              name={`pro-labore-${partner.partnerId}`}
              value={amounts[partner.partnerId] ?? null}
              onChange={(value) =>
                setAmounts((previous) => ({ ...previous, [partner.partnerId]: value }))
              }
              error={failure?.fields[partner.partnerId]}
              placeholder="R$ 0,00"
            />
          ))}
        </fieldset>
      )}
      <fieldset className={styles.fields}>
        <legend>Empregados</legend>
        <MoneyField
          label="Salários do mês"
          name="salaries"
          value={salaries}
          onChange={setSalaries}
          error={failure?.fields.salaries}
          placeholder="R$ 0,00"
          hint="Deixe em branco se a empresa não tem empregados."
        />
        <MoneyField
          label="FGTS pago sobre os salários"
          name="fgts"
          value={fgts}
          onChange={setFgts}
          error={failure?.fields.fgts}
          placeholder="R$ 0,00"
        />
      </fieldset>
      {failure && (
        <Alert tone="danger" title="Não foi possível salvar a folha.">
          {failure.message} O que você preencheu continua aqui.
        </Alert>
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          Salvar folha do mês
        </Button>
      </div>
    </form>
  )
}

/** What the month's payroll comes to: each partner's INSS, IRRF and net, the CPP, the DARF. */
export function PayrollSummary({ payroll }: { payroll: Payroll }) {
  return (
    <div className="stack">
      {payroll.partners.length > 0 && (
        <DataTable
          caption={`Pró-labore de ${competenceLabel(payroll.period)}`}
          rows={payroll.partners}
          rowKey={(partner) => partner.partnerId}
          columns={[
            { key: 'name', header: 'Sócio', cell: (partner) => partner.name },
            {
              key: 'amount',
              header: 'Pró-labore',
              align: 'right',
              cell: (partner) => formatMoney(partner.amount),
            },
            {
              key: 'inss',
              header: 'INSS (11 %)',
              align: 'right',
              cell: (partner) => formatMoney(partner.inss),
            },
            {
              key: 'irrf',
              header: 'IRRF',
              align: 'right',
              cell: (partner) => formatMoney(partner.irrf),
            },
            {
              key: 'net',
              header: 'Líquido',
              align: 'right',
              cell: (partner) => <strong>{formatMoney(partner.net)}</strong>,
            },
          ]}
        />
      )}
      <ul className={styles.totals} data-testid="payroll-totals">
        <li>
          <span>INSS patronal (CPP, 20 %)</span>
          <strong>{formatMoney(payroll.cpp)}</strong>
          <small>
            {payroll.cppOutsideDas
              ? 'Anexo IV: pago na DCTFWeb, fora do DAS.'
              : 'Pago dentro do DAS.'}
          </small>
        </li>
        <li>
          <span>DARF da DCTFWeb (INSS e IRRF retidos{payroll.cppOutsideDas ? ', CPP' : ''})</span>
          <strong data-testid="payroll-darf">{formatMoney(payroll.darf)}</strong>
          <small>
            {payroll.darfDueDate ? `Vence em ${formatDate(payroll.darfDueDate)}.` : ''} A guia sai
            no fechamento do mês.
          </small>
        </li>
        <li>
          <span>Folha que conta para o fator R</span>
          <strong>{formatMoney(payroll.fatorRPayroll)}</strong>
          <small>Pró-labore, salários, FGTS{payroll.cppOutsideDas ? ' e CPP' : ''}.</small>
        </li>
      </ul>
    </div>
  )
}
