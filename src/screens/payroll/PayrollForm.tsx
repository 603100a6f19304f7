import { useId, useState, type FormEvent } from 'react'
import { formatCpfValue, formatMoney } from '@/lib/format'
import { todayInBrazil } from '@/schemas/finance-common'
import type { Payroll } from '@/schemas/simples/api'
import { ApiError } from '@/services/api'
import { useDownloadReceipts, useSavePayroll } from '@/services/payroll'
import { competenceLabel } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { MaskedField } from '@/ui/MaskedField'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import { focusResult } from '@/ui/return-focus'
import { DataTable } from '@/ui/Table'
import { blankProLabore, NoProLaboreChoice, PAYROLL_BLANK } from './NoProLaboreChoice'
import { darfNote, fgtsNote } from './payroll-notes'
import styles from './Payroll.module.css'

/** An employee row being typed (the salary a number or blank, the CPF as masked). */
type EmployeeRow = {
  key: string
  name: string
  cpf: string
  salary: number | null
  dependents: string
}

const employeeRowsOf = (payroll: Payroll, newKey: () => string): EmployeeRow[] =>
  payroll.employees.map((employee) => ({
    key: newKey(),
    name: employee.name,
    cpf: formatCpfValue(employee.cpf),
    salary: employee.salary,
    dependents: String(employee.dependents),
  }))

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The month's payroll to enter: each partner's pró-labore (the partners of the company's
 * registration) and each employee (name, CPF, salary, dependants for the IRRF); the salaries and
 * the FGTS (8 %) come from them. Saved with PUT /companies/{id}/payroll/{period}; a closed month
 * is shown, not edited.
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
  const idPrefix = useId()
  const [counter, setCounter] = useState(0)
  const [employees, setEmployees] = useState<EmployeeRow[]>(() => {
    let n = 0
    return employeeRowsOf(payroll, () => `${idPrefix}-initial-${n++}`)
  })
  const addEmployee = () => {
    setCounter((value) => value + 1)
    setEmployees((rows) => [
      ...rows,
      { key: `${idPrefix}-${counter}`, name: '', cpf: '', salary: null, dependents: '0' },
    ])
  }
  const changeEmployee = (key: string, change: Partial<EmployeeRow>) =>
    setEmployees((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  const removeEmployee = (key: string) =>
    setEmployees((rows) => rows.filter((row) => row.key !== key))
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
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const sent = event.currentTarget
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
          employees: employees.map((row) => ({
            name: row.name,
            cpf: row.cpf,
            salary: row.salary ?? 0,
            dependents: row.dependents.trim() === '' ? 0 : Number(row.dependents),
          })),
        },
      })
      notify.success(
        `Folha de ${competenceLabel(saved.period)} salva: DARF da DCTFWeb de ${formatMoney(saved.darf)}${saved.fgts > 0 ? `, FGTS de ${formatMoney(saved.fgts)}` : ''}.`,
      )
      // The saved payroll's form replaces this one (its button, which had focus, goes with it):
      // focus goes to the new form, never to <body>.
      const label = sent.getAttribute('aria-label')
      focusResult(() =>
        [...document.forms].find(
          (form) => form !== sent && form.getAttribute('aria-label') === label,
        ),
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
          } else if (head === 'employees' && typeof index === 'number') {
            const row = employees[index]
            if (row && typeof field === 'string') fields[`${row.key}:${field}`] ??= issue.message
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
      tabIndex={-1}
      aria-label={`Folha de ${competenceLabel(payroll.period)}`}
    >
      {payroll.problem && (
        <Alert tone="warning" title="A folha deste mês não pode ser calculada">
          {payroll.problem}
        </Alert>
      )}
      {payroll.partners.length === 0 ? (
        <Alert tone="warning" title="Nenhum sócio cadastrado">
          Os sócios vêm do cadastro da empresa. Sem eles, lance só os empregados do mês.
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
      <fieldset className={styles.employees}>
        <legend>Empregados</legend>
        {employees.length === 0 && (
          <p className="muted">
            Nenhum empregado neste mês. O FGTS (8 % de cada salário) e o INSS e o IRRF de cada um
            saem do que você lançar aqui.
          </p>
        )}
        {employees.map((row, index) => (
          <div
            key={row.key}
            className={styles.employee}
            role="group"
            aria-label={`Empregado ${index + 1}${row.name ? `: ${row.name}` : ''}`}
          >
            <TextField
              label="Nome completo"
              name={`employee-${index}-name`}
              value={row.name}
              autoComplete="off"
              onChange={(event) => changeEmployee(row.key, { name: event.target.value })}
              error={failure?.fields[`${row.key}:name`]}
            />
            <MaskedField
              label="CPF"
              mask="cpf"
              name={`employee-${index}-cpf`}
              value={row.cpf}
              onChange={(cpf) => changeEmployee(row.key, { cpf })}
              error={failure?.fields[`${row.key}:cpf`]}
            />
            <MoneyField
              label="Salário do mês"
              name={`employee-${index}-salary`}
              value={row.salary}
              onChange={(salary) => changeEmployee(row.key, { salary })}
              error={failure?.fields[`${row.key}:salary`]}
            />
            <TextField
              label="Dependentes (IRRF)"
              name={`employee-${index}-dependents`}
              inputMode="numeric"
              value={row.dependents}
              onChange={(event) =>
                changeEmployee(row.key, { dependents: event.target.value.replace(/\D/g, '') })
              }
              error={failure?.fields[`${row.key}:dependents`]}
            />
            <div className={styles.employeeAction}>
              <Button variant="ghost" onClick={() => removeEmployee(row.key)}>
                Remover{row.name ? <span className="visually-hidden"> {row.name}</span> : null}
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button variant="secondary" onClick={addEmployee}>
            Adicionar empregado
          </Button>
        </div>
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

/** What the month's payroll comes to: each partner's and employee's figures, the CPP, the guides. */
export function PayrollSummary({ companyId, payroll }: { companyId: string; payroll: Payroll }) {
  const download = useDownloadReceipts()
  const outside = payroll.cppOutside
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
      {payroll.employees.length > 0 && (
        <DataTable
          caption={`Empregados de ${competenceLabel(payroll.period)}`}
          rows={payroll.employees}
          rowKey={(employee) => employee.cpf}
          stacked={styles.stacked}
          columns={[
            {
              key: 'name',
              header: 'Empregado',
              rowHeader: true,
              card: 'title',
              cell: (employee) => employee.name,
            },
            {
              key: 'salary',
              header: 'Salário',
              align: 'right',
              cell: (employee) => formatMoney(employee.salary),
            },
            {
              key: 'inss',
              header: 'INSS',
              align: 'right',
              cell: (employee) => formatMoney(employee.inss),
            },
            {
              key: 'irrf',
              header: 'IRRF',
              align: 'right',
              cell: (employee) => formatMoney(employee.irrf),
            },
            {
              key: 'fgts',
              header: 'FGTS (8 %)',
              align: 'right',
              cell: (employee) => formatMoney(employee.fgts),
            },
            {
              key: 'net',
              header: 'Líquido',
              align: 'right',
              cell: (employee) => <strong>{formatMoney(employee.net)}</strong>,
            },
            {
              key: 'slip',
              header: 'Holerite',
              card: 'actions',
              cell: (employee) => (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={download.isPending && download.variables?.cpf === employee.cpf}
                  onClick={() =>
                    download.mutate(
                      { companyId, period: payroll.period, cpf: employee.cpf },
                      { onError: (error) => notify.error(error.message) },
                    )
                  }
                >
                  Holerite (PDF)<span className="visually-hidden"> de {employee.name}</span>
                </Button>
              ),
            },
          ]}
        />
      )}
      <ul className={styles.totals} data-testid="payroll-totals">
        <li>
          <span>INSS patronal (CPP, 20 %)</span>
          <strong>{formatMoney(payroll.cpp)}</strong>
          <small>
            {!payroll.cppOutsideDas
              ? 'Pago dentro do DAS.'
              : outside && !outside.onlyAnnexIv
                ? `Anexo IV com outros anexos: fora do DAS só a parte do Anexo IV (${formatMoney(outside.annexIvRevenue)} de ${formatMoney(outside.totalRevenue)} de receita do mês), ${formatMoney(outside.amount)}; o resto vai no DAS.`
                : `Anexo IV: pago na DCTFWeb, fora do DAS${outside && outside.ratFap > 0 ? `, com RAT × FAP de ${formatMoney(outside.ratFap)} sobre os salários` : ''}.`}
          </small>
        </li>
        <li>
          <span>
            DARF da DCTFWeb (INSS e IRRF retidos
            {payroll.employees.length > 0 ? ' de sócios e empregados' : ''}
            {outside && outside.amount > 0 ? ', CPP do Anexo IV' : ''})
          </span>
          <strong data-testid="payroll-darf">{formatMoney(payroll.darf)}</strong>
          <small data-testid="payroll-darf-due">
            {darfNote(payroll, todayInBrazil())}
            {payroll.darf > 0 && payroll.darf < 10
              ? ' Abaixo de R$ 10,00 a guia não é emitida e o valor vai para o mês seguinte.'
              : ''}
          </small>
        </li>
        {payroll.fgts > 0 && (
          <li>
            <span>FGTS Digital (GFD, 8 % dos salários)</span>
            <strong data-testid="payroll-fgts">{formatMoney(payroll.fgts)}</strong>
            <small data-testid="payroll-fgts-due">{fgtsNote(payroll, todayInBrazil())}</small>
          </li>
        )}
        <li>
          <span>Folha que conta para o fator R</span>
          <strong>{formatMoney(payroll.fatorRPayroll)}</strong>
          <small>Pró-labore, salários, FGTS{outside && outside.amount > 0 ? ' e CPP' : ''}.</small>
        </li>
      </ul>
    </div>
  )
}
