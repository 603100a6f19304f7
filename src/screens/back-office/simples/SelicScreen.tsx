import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { formatDateTime } from '@/lib/format'
import type { SelicMonth } from '@/schemas/simples/api'
import { ApiError } from '@/services/api'
import { selicQueryOptions, useAddSelicMonth, useRefreshSelic } from '@/services/simples'
import { competenceShort } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert, Badge, EmptyState } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { DataTable } from '@/ui/Table'
import styles from './Queue.module.css'

const originLabels: Record<SelicMonth['origin'], string> = {
  'banco-central': 'Banco Central',
  reference: 'Tabela de referência',
  accountant: 'Informada pela contabilidade',
}

const rateText = (rate: number) =>
  `${rate.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`

/** The ended months the product has no Selic for, newest first (up to the last 36). */
function monthsWithout(months: readonly SelicMonth[], today: string) {
  const have = new Set(months.map((month) => month.month))
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 2
  return Array.from({ length: 36 }, (_, i) => {
    const at = index - i
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`
  }).filter((month) => !have.has(month))
}

/**
 * /app/admin/selic: the monthly Selic the late-payment juros use — each month the product has,
 * with where it came from (the Banco Central's series 4390, read at start and at each month
 * close; the reference table; the accountant), a button to read the series now, and a form to
 * add a month the product lacks with its source.
 */
export function SelicScreen({ today }: { today: string }) {
  const { data: table } = useSuspenseQuery(selicQueryOptions())
  const refresh = useRefreshSelic()
  return (
    <>
      <PageHeader
        title="Taxa Selic"
        description="A Selic acumulada de cada mês, que os juros de uma guia paga em atraso somam (Lei nº 9.430/1996, art. 61, § 3º): lida do Banco Central (série 4390) quando o sistema inicia e uma vez por dia."
        actions={
          <Button
            variant="secondary"
            loading={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: (read) =>
                  read.lastRead?.ok
                    ? notify.success('Selic lida do Banco Central.')
                    : notify.error(read.lastRead?.message ?? 'Não foi possível ler a Selic.'),
                onError: (error) => notify.error(error.message),
              })
            }
          >
            Ler do Banco Central agora
          </Button>
        }
      />
      <div className="stack">
        {table.lastRead && (
          <Alert
            tone={table.lastRead.ok ? 'info' : 'warning'}
            title={`Última leitura: ${formatDateTime(table.lastRead.at)}`}
          >
            {table.lastRead.ok
              ? 'O Banco Central respondeu; os meses dele estão na tabela.'
              : table.lastRead.message}
          </Alert>
        )}
        <Card className="stack">
          <h2>Adicionar um mês</h2>
          <AddMonthForm months={table.months} today={today} />
        </Card>
        <Card className="stack">
          <h2>Meses que o sistema tem</h2>
          {table.months.length === 0 ? (
            <EmptyState title="Nenhum mês na tabela">
              Leia do Banco Central ou adicione um mês com a fonte.
            </EmptyState>
          ) : (
            <DataTable
              caption="Taxa Selic por mês"
              showCaption={false}
              rows={table.months}
              rowKey={(row) => row.month}
              stacked={styles.selicRows}
              columns={[
                {
                  key: 'month',
                  header: 'Mês',
                  rowHeader: true,
                  card: 'title',
                  cell: (row) => competenceShort(row.month),
                },
                {
                  key: 'rate',
                  header: 'Selic do mês',
                  align: 'right',
                  cell: (row) => rateText(row.rate),
                },
                {
                  key: 'origin',
                  header: 'Origem',
                  cell: (row) => (
                    <Badge tone={row.origin === 'banco-central' ? 'success' : 'info'}>
                      {originLabels[row.origin]}
                    </Badge>
                  ),
                },
                { key: 'source', header: 'Fonte', cell: (row) => row.source },
              ]}
            />
          )}
        </Card>
      </div>
    </>
  )
}

function AddMonthForm({ months, today }: { months: readonly SelicMonth[]; today: string }) {
  const add = useAddSelicMonth()
  const choices = monthsWithout(months, today)
  const [month, setMonth] = useState(choices[0] ?? '')
  const [rate, setRate] = useState('')
  const [source, setSource] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  if (choices.length === 0)
    return (
      <p className="muted">
        O sistema tem a Selic de todos os meses encerrados dos últimos três anos.
      </p>
    )

  async function submit(event: FormEvent) {
    event.preventDefault()
    setErrors({})
    setFailure(null)
    const value = Number(rate.replace(',', '.'))
    try {
      const added = await add.mutateAsync({
        month,
        rate: rate.trim() === '' ? Number.NaN : value,
        source,
      })
      notify.success(
        `Selic de ${competenceShort(added.month)} adicionada: ${rateText(added.rate)}.`,
      )
      setRate('')
      setSource('')
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0)
        setErrors(
          Object.fromEntries(
            error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]),
          ),
        )
      else setFailure(error instanceof Error ? error.message : 'Tente de novo.')
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Adicionar a Selic de um mês">
      <p className="muted">
        Só para um mês que o sistema ainda não tem: o valor do Banco Central, quando chega,
        substitui o informado.
      </p>
      <div className={styles.riskGrid}>
        <SelectField
          label="Mês"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          options={choices.map((choice) => ({ value: choice, label: competenceShort(choice) }))}
          error={errors.month}
        />
        <TextField
          label="Selic do mês (%)"
          inputMode="decimal"
          placeholder="1,16"
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          error={errors.rate}
        />
        <TextField
          label="Fonte"
          placeholder="Banco Central, série 4390, consultada em 05/12/2026"
          value={source}
          onChange={(event) => setSource(event.target.value)}
          error={errors.source}
        />
      </div>
      {failure && (
        <Alert tone="danger" title="Não foi possível adicionar.">
          {failure}
        </Alert>
      )}
      <div>
        <Button type="submit" loading={add.isPending}>
          Adicionar mês
        </Button>
      </div>
    </form>
  )
}
