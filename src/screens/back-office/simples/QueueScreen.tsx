import { useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { formatCnpjValue, formatMoney } from '@/lib/format'
import { pluralWord } from '@/kernel/dates'
import { changeFrom } from '@/lib/search-change'
import {
  monthStatuses,
  monthStatusLabels,
  queueSortLabels,
  queueSorts,
  type SimplesQueueRow,
} from '@/schemas/simples/api'
import { payrollKeys } from '@/services/payroll'
import { queueQueryOptions, useCloseMonths } from '@/services/simples'
import { competenceLabel, monthStateOf, monthsUpTo, OVERDUE_LABEL } from '@/screens/simples'
import { todayInBrazil } from '@/schemas/finance-common'
import { Button } from '@/ui/Button'
import { Alert, Badge } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { notify } from '@/ui/notify'
import { DataTable } from '@/ui/Table'
import { companyLabel } from '../CompanyPicker'
import { QueueSearchForm } from '../QueueSearchForm'
import { LateCloseDialog, type LateClose } from './LateCloseDialog'
import { QUEUE_PAGE_SIZE, queueListInput, queuePeriod, type QueueSearch } from './queue-search'
import styles from './Queue.module.css'

const statusTone = { open: 'warning', closed: 'info', paid: 'success' } as const

/** The "Situação" choice that lists the late months (`?atrasados=true`). */
const OVERDUE_CHOICE = 'atrasados'

/** A month the accountant may close now: open, nothing missing. */
const closable = (row: SimplesQueueRow) => row.status === 'open' && row.missing.length === 0

/**
 * /app/admin/simples: the month-close queue — every active Simples Nacional and MEI company with
 * the month's DAS, its situation and what is missing (payroll not entered, a service no activity
 * covers…), 25 a page, filtered and ordered in the URL. Ready months are closed one by one (the
 * company's month page) or several at once, each publishing its DAS guide.
 */
export function QueueScreen({ search }: { search: QueueSearch }) {
  const navigate = useNavigate()
  const period = queuePeriod(search)
  const { data: queue, isFetching } = useSuspenseQuery(queueQueryOptions(queueListInput(search)))
  const close = useCloseMonths()
  const queryClient = useQueryClient()
  const today = todayInBrazil()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  // Months whose DAS is already past due are closed only once the accountant confirms it.
  const [late, setLate] = useState<(LateClose & { rows: SimplesQueueRow[] }) | null>(null)
  const go = (next: Partial<QueueSearch>) =>
    void navigate({
      to: '/app/admin/simples',
      search: changeFrom(search, { ...search, page: undefined, ...next }),
    })
  const ready = queue.data.filter(closable)
  const chosen = ready.filter((row) => selected.has(row.company.id))
  const filtered = Boolean(search.status || search.query || search.atrasados)

  function askToClose(rows: SimplesQueueRow[]) {
    const overdue = rows.filter((row) => row.overdue)
    const dueDate = overdue[0]?.das.dueDate
    if (dueDate) setLate({ period, dueDate, count: rows.length, rows })
    else closeChosen(rows)
  }

  function closeChosen(rows: SimplesQueueRow[]) {
    setLate(null)
    close.mutate(
      { period, body: { companyIds: rows.map((row) => row.company.id) } },
      {
        onSuccess: (outcomes) => {
          // Each closed month's payroll is locked now and shows the guides it made.
          for (const outcome of outcomes.filter((o) => o.closed))
            void queryClient.invalidateQueries({ queryKey: payrollKeys.company(outcome.companyId) })
          const done = outcomes.filter((o) => o.closed).length
          const refused = outcomes.filter((o) => !o.closed)
          if (done)
            notify.success(
              `${done} ${done === 1 ? 'mês fechado' : 'meses fechados'}: as guias foram publicadas.`,
            )
          for (const outcome of refused) notify.error(outcome.message ?? 'Não foi possível fechar.')
          setSelected(new Set())
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }

  return (
    <>
      <PageHeader
        title="Fechamento do mês"
        description="O Simples Nacional de cada cliente: o DAS do mês, o que falta para fechar, e a guia publicada ao fechar."
        actions={
          ready.length > 0 && (
            <Button
              onClick={() => askToClose(chosen.length ? chosen : ready)}
              loading={close.isPending}
            >
              {chosen.length
                ? `Fechar ${chosen.length} ${pluralWord(chosen.length, { one: 'selecionado', other: 'selecionados' })}`
                : ready.length === 1
                  ? 'Fechar o único pronto desta página'
                  : `Fechar os ${ready.length} prontos desta página`}
            </Button>
          )
        }
      />
      <QueueFilters
        key={`${period}|${search.query ?? ''}`}
        search={search}
        period={period}
        go={go}
      />
      <ListView
        summary={{
          noun: ['empresa', 'empresas'],
          detail: ` em ${competenceLabel(period)}`,
          unfiltered: '',
          clear: (
            <Link to="/app/admin/simples" search={{ competencia: search.competencia }}>
              Limpar filtros
            </Link>
          ),
        }}
        list={queue}
        filtered={filtered}
        empty={{
          title: 'Nenhuma empresa no Simples Nacional ativa',
          description: 'Empresas ME, EPP ou MEI ativas aparecem aqui para o fechamento do mês.',
        }}
        emptyFiltered={{
          title: 'Nenhuma empresa com esses filtros',
          description: 'Mude a situação ou a busca e tente de novo.',
        }}
        pager={{
          page: search.page ?? 1,
          pageSize: QUEUE_PAGE_SIZE,
          label: 'Páginas do fechamento',
          onPage: (next) =>
            void navigate({
              to: '/app/admin/simples',
              search: changeFrom(search, { ...search, page: next }),
            }),
        }}
      >
        <DataTable
          caption={`Fechamento de ${competenceLabel(period)}`}
          rows={queue.data}
          loading={isFetching}
          rowKey={(row) => row.company.id}
          stacked={styles.rows}
          onRowClick={(row) =>
            void navigate({
              to: '/app/admin/simples/$companyId',
              params: { companyId: row.company.id },
              search: { competencia: period },
            })
          }
          columns={[
            {
              key: 'select',
              header: <span className="visually-hidden">Selecionar</span>,
              cell: (row) =>
                closable(row) ? (
                  <input
                    type="checkbox"
                    aria-label={`Selecionar ${companyLabel(row.company)}`}
                    checked={selected.has(row.company.id)}
                    onChange={(event) =>
                      setSelected((previous) => {
                        const next = new Set(previous)
                        if (event.target.checked) next.add(row.company.id)
                        else next.delete(row.company.id)
                        return next
                      })
                    }
                  />
                ) : null,
            },
            {
              key: 'company',
              header: 'Empresa',
              cell: (row) => (
                <div className={styles.name}>
                  <Link
                    to="/app/admin/simples/$companyId"
                    params={{ companyId: row.company.id }}
                    search={{ competencia: period }}
                  >
                    {row.company.name}
                  </Link>
                  <span className="muted">
                    {row.company.alias ? `${row.company.alias} · ` : ''}
                    {formatCnpjValue(row.company.cnpj)} · {row.regime === 'mei' ? 'MEI' : 'Simples'}
                  </span>
                </div>
              ),
            },
            {
              key: 'das',
              header: 'DAS',
              align: 'right',
              cell: (row) => {
                const due = monthStateOf(row, today).due
                return (
                  <div className={styles.das}>
                    <strong>{formatMoney(row.das.amount)}</strong>
                    {due && (
                      <span className={row.overdue ? styles.late : 'muted'} data-testid="queue-due">
                        {due}
                      </span>
                    )}
                  </div>
                )
              },
            },
            {
              key: 'status',
              header: 'Situação',
              cell: (row) => (
                <span className={styles.badges}>
                  <Badge tone={statusTone[row.status]}>{monthStatusLabels[row.status]}</Badge>
                  {row.overdue && <Badge tone="danger">{OVERDUE_LABEL}</Badge>}
                </span>
              ),
            },
            {
              key: 'missing',
              header: 'O que falta',
              cell: (row) =>
                row.missing.length === 0 ? (
                  row.lateInvoices > 0 ? (
                    <span>
                      {row.lateInvoices}{' '}
                      {pluralWord(row.lateInvoices, {
                        one: 'nota emitida',
                        other: 'notas emitidas',
                      })}{' '}
                      depois do fechamento
                    </span>
                  ) : (
                    <span className="muted">
                      {row.status === 'open' ? 'Pronto para fechar' : '—'}
                    </span>
                  )
                ) : (
                  <ul className={styles.missing}>
                    {row.missing.map((item) => (
                      <li key={`${item.code}-${item.message}`}>{item.message}</li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      </ListView>
      <LateCloseDialog
        late={late}
        today={today}
        busy={close.isPending}
        onConfirm={() => late && closeChosen(late.rows)}
        onOpenChange={(open) => !open && setLate(null)}
      />
      {close.isError && (
        <Alert tone="danger" title="Não foi possível fechar.">
          {close.error.message}
        </Alert>
      )}
    </>
  )
}

function QueueFilters({
  search,
  period,
  go,
}: {
  search: QueueSearch
  period: string
  go: (next: Partial<QueueSearch>) => void
}) {
  return (
    <QueueSearchForm
      label="Buscar no fechamento"
      className={styles.filters}
      query={search.query}
      onSearch={(query) => go({ query })}
    >
      <SelectField
        label="Competência"
        value={period}
        onChange={(event) => go({ competencia: event.target.value })}
        options={monthsUpTo(todayInBrazil().slice(0, 7), 13).map((month) => ({
          value: month,
          label: competenceLabel(month),
        }))}
      />
      <SelectField
        label="Situação"
        value={search.atrasados ? OVERDUE_CHOICE : (search.status ?? '')}
        onChange={(event) => {
          const value = event.target.value
          go(
            value === OVERDUE_CHOICE
              ? { status: undefined, atrasados: true }
              : { status: (value || undefined) as QueueSearch['status'], atrasados: undefined },
          )
        }}
        options={[
          ...monthStatuses.map((value) => ({ value, label: monthStatusLabels[value] })),
          { value: OVERDUE_CHOICE, label: 'Atrasados (DAS vencido e não pago)' },
        ]}
        placeholder="Todas"
      />
      <SelectField
        label="Ordem"
        value={search.sort ?? 'name'}
        onChange={(event) => go({ sort: event.target.value === 'status' ? 'status' : undefined })}
        options={queueSorts.map((value) => ({ value, label: queueSortLabels[value] }))}
      />
    </QueueSearchForm>
  )
}
