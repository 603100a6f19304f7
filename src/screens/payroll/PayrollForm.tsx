import { useState, type FormEvent } from 'react'
import { formatCpfValue, formatMoney } from '@/lib/format'
import { dueWords } from '@/kernel/dates'
import { todayInBrazil } from '@/schemas/finance-common'
import type { Payroll } from '@/schemas/simples/api'
import { ApiError } from '@/services/api'
import { useSavePayroll } from '@/services/payroll'
import { competenceLabel, guideStateOf } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import { DataTable } from '@/ui/Table'
import { blankProLabore, NoProLaboreChoice, PAYROLL_BLANK } from './NoProLaboreChoice'
import styles from './Payroll.module.css'

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The month's payroll to enter: each partner's pró-labore (the partners of the company's
 * registration), the employees' salaries and the FGTS paid on them. Saved with
 * PUT /companies/{id}/payroll/{period}; a closed month is shown, not edited.
 */
export function PayrollForm({
  companyId,
  payroll,
  audience = 'client',
  subjectToFatorR,
}: {
  companyId: string
  payroll: Payroll
  /** Who is entering it: the locked month is said to each in their words. */
  audience?: 'client' | 'accountant'
  /** Whether the payroll decides the company's annex (what "no pró-labore" then costs). */
  subjectToFatorR: boolean
}) {
  const save = useSavePayroll()
  // "Sem pró-labore neste mês" is a choice a person makes, never a blank field saved as zero.
  const [withoutProLabore, setWithoutProLabore] = useState(
    payroll.entered &&
      payroll.partners.length > 0 &&
      payroll.partners.every((partner) => partner.amount === 0),
  )
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
      <Alert tone="info" title={`${capitalized(competenceLabel(payroll.period))} está fechado`}>
        {audience === 'client'
          ? 'A folha deste mês já foi usada no DAS e na DCTFWeb e não muda mais. Para corrigir, fale com a contabilidade (retificação).'
          : 'A folha deste mês já foi usada no DAS e na DCTFWeb: aqui ela fica só para leitura. Para corrigir, retifique o PGDAS-D e a DCTFWeb do mês.'}
      </Alert>
    )

  // mutateAsync: the saved payroll replaces this form (its key is the payroll's save time), and a
  // mutate callback would not run for a form no longer on screen.
  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const blank = withoutProLabore
      ? []
      : payroll.partners.filter((partner) => amounts[partner.partnerId] == null)
    if (blank.length > 0) {
      setFailure({
        message: PAYROLL_BLANK,
        fields: Object.fromEntries(
          blank.map((partner) => [partner.partnerId, blankProLabore(partner.name)]),
        ),
      })
      document.getElementsByName(`pro-labore-${blank[0]!.partnerId}`)[0]?.focus()
      return
    }
    try {
      const saved = await save.mutateAsync({
        companyId,
        period: payroll.period,
        payroll: {
          proLabore: payroll.partners.map((partner) => ({
            partnerId: partner.partnerId,
            amount: withoutProLabore ? 0 : (amounts[partner.partnerId] ?? 0),
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
              value={withoutProLabore ? null : (amounts[partner.partnerId] ?? null)}
              onChange={(value) =>
                setAmounts((previous) => ({ ...previous, [partner.partnerId]: value }))
              }
              error={withoutProLabore ? undefined : failure?.fields[partner.partnerId]}
              disabled={withoutProLabore}
              placeholder="Valor do mês"
            />
          ))}
          <NoProLaboreChoice
            checked={withoutProLabore}
            onChange={(checked) => {
              setWithoutProLabore(checked)
              setFailure(null)
            }}
            subjectToFatorR={subjectToFatorR}
          />
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

/**
 * The DCTFWeb DARF's state in one sentence: its guide once the month closed (to pay, late, paid
 * with its day and bank), else when it falls due — said relative to today — and that the guide
 * comes out when the month closes.
 */
function darfNote(payroll: Payroll, today: string) {
  const guide = payroll.guides.find((g) => g.kind === 'DARF')
  if (guide) return `${guideStateOf(guide, today).text}.`
  if (payroll.locked) return 'Mês fechado sem DARF: nada a recolher na DCTFWeb.'
  if (!payroll.darfDueDate) return 'A guia sai no fechamento do mês.'
  const due = dueWords(payroll.darfDueDate, today, { late: 'atrasada' })
  const sentence = due.text.charAt(0).toUpperCase() + due.text.slice(1)
  return due.state === 'overdue'
    ? `${sentence}: a guia sai no fechamento do mês, com multa e juros até o dia do pagamento.`
    : `${sentence}. A guia sai no fechamento do mês.`
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
          <small data-testid="payroll-darf-due">{darfNote(payroll, todayInBrazil())}</small>
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
