import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCnpjValue, formatDate, formatMoney } from '@/lib/format'
import type { Profits } from '@/schemas/year-end'
import { companyQueryOptions } from '@/services/companies'
import { profitsQueryOptions, useSaveBooks, useSendIncomeReports } from '@/services/year-end'
import {
  DistributionsList,
  IncomeReportsCard,
  LimitDetails,
  PartnersTable,
  ProfitsFigures,
  ProfitsWarnings,
  thisYear,
  yearsUpTo,
} from '@/screens/year-end'
import { ApiError } from '@/services/api'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'
import { DasnSection, DefisSection } from './Declarations'
import styles from './YearEnd.module.css'

/**
 * /app/admin/year-end/{companyId}?ano=: a company's year for the accountant — a Simples
 * company's DEFIS, its profits (with the books' accounting profit) and the partners' income
 * reports to send; a MEI's DASN-SIMEI. Completed and delivered here.
 */
export function CompanyYearScreen({
  companyId,
  year,
  today,
  onYearChange,
}: {
  companyId: string
  year: number
  today: string
  onYearChange: (year: number) => void
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const mei = company.size === 'MEI'
  return (
    <>
      <PageHeader
        title={`${company.alias ?? company.name} em ${year}`}
        description={`${company.name} · CNPJ ${formatCnpjValue(company.cnpj)} · ${mei ? 'MEI' : 'Simples Nacional'}`}
        actions={
          <Link to="/app/admin/year-end" search={{ ano: year }}>
            Voltar ao fechamento do ano
          </Link>
        }
      />
      <div className={styles.row}>
        <SelectField
          label="Ano"
          value={String(year)}
          onChange={(event) => onYearChange(Number(event.target.value))}
          options={yearsUpTo(thisYear(), thisYear() - 3).map((value) => ({
            value: String(value),
            label: String(value),
          }))}
        />
      </div>
      <div className={styles.sections}>
        {mei ? (
          <DasnSection companyId={companyId} year={year} today={today} />
        ) : (
          <>
            <DefisSection companyId={companyId} year={year} today={today} />
            <ProfitsSection companyId={companyId} year={year} today={today} />
            <IncomeReportsCard
              companyId={companyId}
              year={year}
              actions={<SendReports companyId={companyId} year={year} today={today} />}
            />
          </>
        )}
      </div>
    </>
  )
}

function ProfitsSection({
  companyId,
  year,
  today,
}: {
  companyId: string
  year: number
  today: string
}) {
  const { data: profits } = useSuspenseQuery(profitsQueryOptions(companyId, year))
  return (
    <>
      <Card className="stack">
        <h2>Lucros de {year}</h2>
        <ProfitsFigures profits={profits} />
        <ProfitsWarnings profits={profits} />
        <LimitDetails profits={profits} />
        <BooksForm
          key={profits.books?.recordedAt ?? 'none'}
          companyId={companyId}
          profits={profits}
          today={today}
        />
        <PartnersTable profits={profits} />
      </Card>
      <DistributionsList companyId={companyId} profits={profits} />
    </>
  )
}

/** The accounting profit the books show (LC 123/2006, art. 14, § 2º), with its source. */
function BooksForm({
  companyId,
  profits,
  today,
}: {
  companyId: string
  profits: Profits
  today: string
}) {
  const save = useSaveBooks()
  const end = `${profits.year}-12-31`
  const [profit, setProfit] = useState<number | null>(profits.books?.profit ?? null)
  const [source, setSource] = useState(profits.books?.source ?? '')
  const [upTo, setUpTo] = useState(profits.books?.upTo ?? (today < end ? today : end))
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> }>()
  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(undefined)
    try {
      await save.mutateAsync({
        companyId,
        year: profits.year,
        books: { profit: profit ?? Number.NaN, source, upTo },
      })
      notify.success('Lucro contábil registrado.')
    } catch (error) {
      const fields: Record<string, string> = {}
      if (error instanceof ApiError)
        for (const issue of error.issues)
          if (typeof issue.path[0] === 'string') fields[issue.path[0]] = issue.message
      setFailure({ message: error instanceof Error ? error.message : 'Tente de novo.', fields })
    }
  }
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Lucro contábil">
      <fieldset className={styles.fields}>
        <legend>Lucro contábil (escrituração)</legend>
        <MoneyField
          label="Lucro contábil do período"
          name="booksProfit"
          value={profit}
          onChange={setProfit}
          error={failure?.fields.profit}
        />
        <TextField
          label="De onde vem"
          value={source}
          onChange={(event) => setSource(event.target.value)}
          placeholder="Balanço de 31/12, balancete de 30/06…"
          maxLength={200}
          error={failure?.fields.source}
        />
        <TextField
          label="Data do balanço"
          type="date"
          value={upTo}
          max={today < end ? today : end}
          onChange={(event) => setUpTo(event.target.value)}
          error={failure?.fields.upTo}
        />
      </fieldset>
      <p className={styles.note}>
        Quando a escrituração mostra lucro maior que o limite pela presunção, o lucro contábil é
        isento no lugar dele (LC 123/2006, art. 14, § 2º; balancetes mensais valem, SC Cosit
        244/2025).
      </p>
      {failure && (
        <Alert tone="danger" title="Não foi possível registrar.">
          {failure.message}
        </Alert>
      )}
      <div className={styles.row}>
        <Button type="submit" loading={save.isPending && save.variables?.books !== null}>
          Registrar lucro contábil
        </Button>
        {profits.books && (
          <Button
            type="button"
            variant="secondary"
            loading={save.isPending && save.variables?.books === null}
            onClick={() =>
              save.mutate(
                { companyId, year: profits.year, books: null },
                {
                  onSuccess: () => notify.success('Lucro contábil removido: vale a presunção.'),
                  onError: (error) => notify.error(error.message),
                },
              )
            }
          >
            Remover ({formatMoney(profits.books.profit)})
          </Button>
        )}
      </div>
    </form>
  )
}

function SendReports({
  companyId,
  year,
  today,
}: {
  companyId: string
  year: number
  today: string
}) {
  const send = useSendIncomeReports()
  if (today <= `${year}-12-31`)
    return (
      <p className={styles.note}>
        Os informes de {year} podem ser enviados a partir de 01/01/{year + 1}.
      </p>
    )
  return (
    <div className={styles.row}>
      <Button
        loading={send.isPending}
        onClick={() =>
          send.mutate(
            { companyId, year },
            {
              onSuccess: (reports) =>
                notify.success(
                  `Informes de ${year} enviados aos sócios (prazo: ${formatDate(reports.dueDate)}).`,
                ),
              onError: (error) => notify.error(error.message),
            },
          )
        }
      >
        Enviar informes aos sócios
      </Button>
    </div>
  )
}
