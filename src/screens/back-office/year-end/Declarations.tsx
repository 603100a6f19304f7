import { useState, type FormEvent, type ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ZodError } from 'zod'
import {
  formatCpfValue,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
} from '@/lib/format'
import {
  declarationStatusLabels,
  type Dasn,
  type DasnInput,
  type Defis,
  type DefisInput,
  type DeclarationStatus,
  type Delivery,
  type LateFineView,
  type MissingItem,
} from '@/schemas/year-end'
import { ApiError } from '@/services/api'
import {
  dasnQueryOptions,
  defisQueryOptions,
  useDeliverDasn,
  useDeliverDefis,
  useSaveDasn,
  useSaveDefis,
} from '@/services/year-end'
import { competenceLabel } from '@/screens/simples'
import { fineText, outcomeLabels, outcomeTone, statusTone } from '@/screens/year-end'
import { Button } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert, Badge } from '@/ui/Feedback'
import { CheckboxField, TextField } from '@/ui/Field'
import { Card } from '@/ui/Layout'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import { DataTable } from '@/ui/Table'
import styles from './YearEnd.module.css'

// The accountant's side of a company's declarations: the DEFIS (Simples Nacional) and the
// DASN-SIMEI (MEI) assembled by the server, what is missing, the form that completes them
// (PUT) and the delivery with its receipt (POST …/deliver), with the late fine.

type Failure = { message: string; fields: Record<string, string> }

/** The message and each field's issue of a refused request. */
function failureOf(error: unknown): Failure {
  const fields: Record<string, string> = {}
  const issues: { path: readonly PropertyKey[]; message: string }[] =
    error instanceof ApiError || error instanceof ZodError ? error.issues : []
  for (const issue of issues) {
    // The last named part: `defis.bankEnd` is the field `bankEnd`.
    const field = issue.path.findLast((part): part is string => typeof part === 'string')
    if (field) fields[field] = issue.message
  }
  // A form refused before it is sent names its fields; its message is not the issues' JSON.
  if (error instanceof ZodError) return { message: 'Confira os campos destacados.', fields }
  return { message: error instanceof Error ? error.message : 'Tente de novo.', fields }
}

function StatusLine({
  name,
  status,
  dueDate,
  delivery,
  fineToday,
}: {
  name: string
  status: DeclarationStatus
  dueDate: string
  delivery: Delivery | null
  fineToday: LateFineView | null
}) {
  return (
    <div className="stack">
      <p>
        <Badge tone={statusTone[status]}>{declarationStatusLabels[status]}</Badge>{' '}
        {delivery
          ? `${name} entregue em ${formatDate(delivery.deliveredOn)}, recibo ${delivery.receipt} (registrado em ${formatDateTime(delivery.deliveredAt)}).`
          : `${name}: prazo ${formatDate(dueDate)}.`}
      </p>
      {delivery?.fine && <Alert tone="warning">{fineText(delivery.fine)}.</Alert>}
      {!delivery && fineToday && (
        <Alert tone="warning" title="Entregue hoje, terá multa">
          {fineText(fineToday)}.
        </Alert>
      )}
    </div>
  )
}

function MissingItems({ items }: { items: MissingItem[] }) {
  if (items.length === 0) return null
  return (
    <Alert tone="info" title="O que falta para entregar">
      <ul className={styles.missing}>
        {items.map((item) => (
          <li key={item.code}>{item.message}</li>
        ))}
      </ul>
    </Alert>
  )
}

/** The receipt of a declaration delivered in the Receita's system, and the day. */
function DeliveryForm({
  name,
  today,
  pending,
  onDeliver,
}: {
  name: string
  today: string
  pending: boolean
  onDeliver: (input: { receipt: string; deliveredOn: string }) => Promise<unknown>
}) {
  const [receipt, setReceipt] = useState('')
  const [deliveredOn, setDeliveredOn] = useState(today)
  const [failure, setFailure] = useState<Failure>()
  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(undefined)
    try {
      await onDeliver({ receipt: receipt.trim(), deliveredOn })
      notify.success(`${name} entregue: recibo ${receipt.trim()}.`)
    } catch (error) {
      setFailure(failureOf(error))
    }
  }
  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label={`Registrar entrega da ${name}`}
    >
      <fieldset className={styles.fields}>
        <legend>Registrar a entrega</legend>
        <TextField
          label="Número do recibo"
          value={receipt}
          onChange={(event) => setReceipt(event.target.value)}
          error={failure?.fields.receipt}
          hint="Como o PGDAS-D mostra ao transmitir."
          maxLength={40}
          required
        />
        <TextField
          label="Entregue em"
          type="date"
          value={deliveredOn}
          max={today}
          onChange={(event) => setDeliveredOn(event.target.value)}
          error={failure?.fields.deliveredOn}
        />
      </fieldset>
      {failure && (
        <Alert tone="danger" title="Não foi possível registrar a entrega.">
          {failure.message}
        </Alert>
      )}
      <div>
        <Button type="submit" loading={pending}>
          Registrar entrega
        </Button>
      </div>
    </form>
  )
}

// ---- DEFIS ----

const moneyFields: { key: keyof DefisInput; label: (year: number) => string }[] = [
  { key: 'cashStart', label: (y) => `Caixa em 01/01/${y}` },
  { key: 'cashEnd', label: (y) => `Caixa em 31/12/${y}` },
  { key: 'bankStart', label: (y) => `Bancos em 01/01/${y}` },
  { key: 'bankEnd', label: (y) => `Bancos em 31/12/${y}` },
  { key: 'stockStart', label: (y) => `Estoque inicial (01/01/${y})` },
  { key: 'stockEnd', label: (y) => `Estoque final (31/12/${y})` },
  { key: 'purchases', label: (y) => `Compras de ${y}` },
]

/** The DEFIS form: what was saved, else what the statements and the payroll suggest. */
function DefisForm({ companyId, defis }: { companyId: string; defis: Defis }) {
  const save = useSaveDefis()
  const saved = defis.completion
  const [values, setValues] = useState<Record<string, number | null>>(() => ({
    cashStart: saved?.cashStart ?? null,
    cashEnd: saved?.cashEnd ?? null,
    bankStart: saved?.bankStart ?? defis.statements.bankStart,
    bankEnd: saved?.bankEnd ?? defis.statements.bankEnd,
    stockStart: saved?.stockStart ?? null,
    stockEnd: saved?.stockEnd ?? null,
    purchases: saved?.purchases ?? null,
  }))
  const suggestedEmployees = defis.payrollHadSalaries ? '' : '0'
  const [employeesStart, setEmployeesStart] = useState(
    saved?.employeesStart != null ? String(saved.employeesStart) : suggestedEmployees,
  )
  const [employeesEnd, setEmployeesEnd] = useState(
    saved?.employeesEnd != null ? String(saved.employeesEnd) : suggestedEmployees,
  )
  const otherMonths = [...new Set([...defis.months.other, ...defis.months.missing])].sort()
  const [other, setOther] = useState({
    revenue: saved?.otherMonths?.revenue ?? null,
    das: saved?.otherMonths?.das ?? null,
    irpj: saved?.otherMonths?.irpj ?? null,
  })
  const [failure, setFailure] = useState<Failure>()
  const count = (text: string) => (text.trim() === '' ? null : Number(text))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(undefined)
    try {
      await save.mutateAsync({
        companyId,
        year: defis.year,
        defis: {
          ...values,
          employeesStart: count(employeesStart),
          employeesEnd: count(employeesEnd),
          otherMonths:
            otherMonths.length && other.revenue !== null
              ? {
                  months: otherMonths,
                  revenue: other.revenue,
                  das: other.das ?? 0,
                  irpj: other.irpj ?? 0,
                }
              : null,
        },
      })
      notify.success(`DEFIS de ${defis.year} salva.`)
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

  const { year } = defis
  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label={`Completar a DEFIS de ${year}`}
    >
      <fieldset className={styles.fields}>
        <legend>Saldos, estoque e compras</legend>
        {moneyFields.map(({ key, label }) => (
          <MoneyField
            key={key}
            label={label(year)}
            name={key}
            value={values[key]}
            onChange={(value) => setValues((previous) => ({ ...previous, [key]: value }))}
            error={failure?.fields[key]}
            hint={
              (key === 'bankStart' || key === 'bankEnd') &&
              defis.statements[key] !== null &&
              saved?.[key] == null
                ? 'Dos extratos: confira e salve.'
                : undefined
            }
          />
        ))}
      </fieldset>
      <fieldset className={styles.fields}>
        <legend>Empregados</legend>
        <TextField
          label={`Empregados em 01/01/${year}`}
          inputMode="numeric"
          value={employeesStart}
          onChange={(event) => setEmployeesStart(event.target.value.replace(/\D/g, ''))}
          error={failure?.fields.employeesStart}
        />
        <TextField
          label={`Empregados em 31/12/${year}`}
          inputMode="numeric"
          value={employeesEnd}
          onChange={(event) => setEmployeesEnd(event.target.value.replace(/\D/g, ''))}
          error={failure?.fields.employeesEnd}
          hint={defis.payrollHadSalaries ? undefined : 'Sem salários na folha do ano.'}
        />
      </fieldset>
      {otherMonths.length > 0 && (
        <fieldset className={styles.fields}>
          <legend>
            Meses apurados fora do sistema:{' '}
            {otherMonths.length === 1
              ? competenceLabel(otherMonths[0]!)
              : `${competenceLabel(otherMonths[0]!)} a ${competenceLabel(otherMonths.at(-1)!)}`}
          </legend>
          <p className={`${styles.note} ${styles.wide}`}>
            Os meses do ano sem PGDAS-D fechado aqui (antes de a empresa vir para nós, por exemplo):
            a receita, o DAS e o IRPJ do DAS somados, como nas declarações do PGDAS-D.
          </p>
          <MoneyField
            label="Receita bruta desses meses"
            name="otherRevenue"
            value={other.revenue}
            onChange={(value) => setOther((previous) => ({ ...previous, revenue: value }))}
            error={failure?.fields.otherMonths}
          />
          <MoneyField
            label="DAS desses meses"
            name="otherDas"
            value={other.das}
            onChange={(value) => setOther((previous) => ({ ...previous, das: value }))}
          />
          <MoneyField
            label="IRPJ no DAS desses meses"
            name="otherIrpj"
            value={other.irpj}
            onChange={(value) => setOther((previous) => ({ ...previous, irpj: value }))}
          />
        </fieldset>
      )}
      {failure && (
        <Alert tone="danger" title="Não foi possível salvar a DEFIS.">
          {failure.message} O que você preencheu continua aqui.
        </Alert>
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          Salvar DEFIS
        </Button>
      </div>
    </form>
  )
}

export function DefisSection({
  companyId,
  year,
  today,
}: {
  companyId: string
  year: number
  today: string
}) {
  const { data: defis } = useSuspenseQuery(defisQueryOptions(companyId, year))
  const deliver = useDeliverDefis()
  const yearOver = today >= defis.deliverableFrom
  return (
    <Card className="stack">
      <h2>DEFIS de {year}</h2>
      <StatusLine
        name="DEFIS"
        status={defis.status}
        dueDate={defis.dueDate}
        delivery={defis.delivery}
        fineToday={defis.fineToday}
      />
      <DescriptionList
        items={[
          { term: 'Receita bruta do ano', value: formatMoney(defis.revenue) },
          { term: 'DAS do ano (tributos declarados)', value: formatMoney(defis.das) },
          { term: 'Receita com ISS retido', value: formatMoney(defis.issWithheldRevenue) },
          { term: 'Exportações', value: formatMoney(defis.exports) },
          { term: 'Limite de lucros isentos', value: formatMoney(defis.exemptLimit) },
          {
            term: 'Lucro contábil',
            value: defis.accountingProfit === null ? '—' : formatMoney(defis.accountingProfit),
          },
          {
            term: 'Meses com PGDAS-D no sistema',
            value: `${defis.months.closed.length}${defis.months.other.length ? ` + ${defis.months.other.length} informados à parte` : ''}`,
          },
          { term: 'Despesas pagas (extratos)', value: formatMoney(defis.expenses.total) },
        ]}
      />
      <DataTable
        caption={`Sócios na DEFIS de ${year}`}
        showCaption
        rows={defis.partners}
        rowKey={(row) => row.partnerId}
        columns={[
          {
            key: 'name',
            header: 'Sócio',
            card: 'title',
            rowHeader: true,
            cell: (row) => `${row.name} (CPF ${formatCpfValue(row.cpf)})`,
          },
          {
            key: 'share',
            header: 'Capital',
            align: 'right',
            cell: (row) => formatPercent(row.capitalShare, 2),
          },
          {
            key: 'exempt',
            header: 'Rendimentos isentos',
            align: 'right',
            cell: (row) => formatMoney(row.exemptIncome),
          },
          {
            key: 'taxable',
            header: 'Rendimentos tributáveis',
            align: 'right',
            cell: (row) => formatMoney(row.taxableIncome),
          },
          { key: 'irrf', header: 'IRRF', align: 'right', cell: (row) => formatMoney(row.irrf) },
        ]}
      />
      <MissingItems items={defis.missing} />
      {!defis.delivery && (
        <DefisForm
          key={`${defis.completion ? JSON.stringify(defis.completion) : 'new'}`}
          companyId={companyId}
          defis={defis}
        />
      )}
      {!defis.delivery &&
        (yearOver ? (
          defis.missing.length === 0 && (
            <DeliveryForm
              name="DEFIS"
              today={today}
              pending={deliver.isPending}
              onDeliver={(delivery) => deliver.mutateAsync({ companyId, year, delivery })}
            />
          )
        ) : (
          <p className={styles.note}>
            A DEFIS de {year} pode ser entregue a partir de {formatDate(defis.deliverableFrom)}.
          </p>
        ))}
    </Card>
  )
}

// ---- DASN-SIMEI ----

function DasnForm({ companyId, dasn }: { companyId: string; dasn: Dasn }) {
  const save = useSaveDasn()
  const saved = dasn.completion
  const [hadEmployee, setHadEmployee] = useState(saved?.hadEmployee ?? false)
  const [other, setOther] = useState<Record<'commerce' | 'industry' | 'services', number | null>>({
    commerce: saved?.otherRevenue.commerce ?? null,
    industry: saved?.otherRevenue.industry ?? null,
    services: saved?.otherRevenue.services ?? null,
  })
  const [failure, setFailure] = useState<Failure>()
  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(undefined)
    const body: DasnInput = {
      hadEmployee,
      otherRevenue: {
        commerce: other.commerce ?? 0,
        industry: other.industry ?? 0,
        services: other.services ?? 0,
      },
    }
    try {
      await save.mutateAsync({ companyId, year: dasn.year, dasn: body })
      notify.success(`DASN-SIMEI de ${dasn.year} salva.`)
    } catch (error) {
      setFailure(failureOf(error))
    }
  }
  const field = (key: keyof typeof other, label: string) => (
    <MoneyField
      label={label}
      name={`other-${key}`}
      value={other[key]}
      onChange={(value) => setOther((previous) => ({ ...previous, [key]: value }))}
      error={failure?.fields[key]}
      placeholder="R$ 0,00"
    />
  )
  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label={`Completar a DASN-SIMEI de ${dasn.year}`}
    >
      <fieldset className={styles.fields}>
        <legend>Receita sem nota fiscal não lançada mês a mês</legend>
        {field('commerce', 'Comércio')}
        {field('industry', 'Indústria')}
        {field('services', 'Serviços')}
        <p className={`${styles.note} ${styles.wide}`}>
          Vendas a pessoas físicas sem nota e meses antes de a empresa vir para nós. Em branco conta
          como zero.
        </p>
        <div className={styles.wide}>
          <CheckboxField
            label={`O MEI teve empregado em ${dasn.year}`}
            checked={hadEmployee}
            onChange={(event) => setHadEmployee(event.target.checked)}
          />
        </div>
      </fieldset>
      {failure && (
        <Alert tone="danger" title="Não foi possível salvar a DASN-SIMEI.">
          {failure.message} O que você preencheu continua aqui.
        </Alert>
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          Salvar DASN-SIMEI
        </Button>
      </div>
    </form>
  )
}

export function DasnSection({
  companyId,
  year,
  today,
}: {
  companyId: string
  year: number
  today: string
}) {
  const { data: dasn } = useSuspenseQuery(dasnQueryOptions(companyId, year))
  const deliver = useDeliverDasn()
  const items: { term: ReactNode; value: ReactNode }[] = [
    {
      term: 'Comércio e indústria',
      value: formatMoney(dasn.revenue.commerce + dasn.revenue.industry),
    },
    { term: 'Serviços', value: formatMoney(dasn.revenue.services) },
    {
      term: 'Das notas e da receita lançada',
      value: formatMoney(
        dasn.fromProduct.commerce + dasn.fromProduct.industry + dasn.fromProduct.services,
      ),
    },
    {
      term: 'Limite',
      value: `${formatMoney(dasn.limit)}${dasn.limit < 81_000 ? ' (ano de abertura)' : ''}`,
    },
    { term: 'Excesso', value: formatMoney(dasn.excess) },
    { term: 'Tributos declarados (DAS-MEI do ano)', value: formatMoney(dasn.taxesDeclared) },
  ]
  return (
    <Card className="stack">
      <h2>DASN-SIMEI de {year}</h2>
      <StatusLine
        name="DASN-SIMEI"
        status={dasn.status}
        dueDate={dasn.dueDate}
        delivery={dasn.delivery}
        fineToday={dasn.fineToday}
      />
      <p>
        <Badge tone={outcomeTone[dasn.outcome]}>{outcomeLabels[dasn.outcome]}</Badge>{' '}
        {formatMoney(dasn.total)} de receita bruta em {year}.
      </p>
      <DescriptionList items={items} />
      {dasn.complementaryDas && (
        <Alert
          tone="warning"
          title={`DAS sobre o excesso: ${formatMoney(dasn.complementaryDas.amount)}`}
        >
          Pela 1ª faixa do anexo, vence com o DAS de janeiro (
          {formatDate(dasn.complementaryDas.dueDate)}
          ). ME a partir de {formatDate(dasn.meFrom!)}.
        </Alert>
      )}
      {dasn.outcome === 'excess-over-20' && (
        <Alert tone="danger" title="MEI perdido desde o início do ano">
          Recalcule como ME, no PGDAS-D, cada mês desde {formatDate(dasn.meFrom!)}.
        </Alert>
      )}
      <MissingItems items={dasn.missing} />
      {!dasn.delivery && (
        <DasnForm
          key={dasn.completion ? JSON.stringify(dasn.completion) : 'new'}
          companyId={companyId}
          dasn={dasn}
        />
      )}
      {!dasn.delivery &&
        (today >= dasn.deliverableFrom ? (
          dasn.missing.length === 0 && (
            <DeliveryForm
              name="DASN-SIMEI"
              today={today}
              pending={deliver.isPending}
              onDeliver={(delivery) => deliver.mutateAsync({ companyId, year, delivery })}
            />
          )
        ) : (
          <p className={styles.note}>
            A DASN-SIMEI de {year} pode ser entregue a partir de {formatDate(dasn.deliverableFrom)};
            o resultado acima é o de hoje.
          </p>
        ))}
    </Card>
  )
}
