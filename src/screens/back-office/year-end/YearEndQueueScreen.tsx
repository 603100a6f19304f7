import { Link, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCnpjValue, formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { changeFrom } from '@/lib/search-change'
import { declarationStatuses, declarationStatusLabels, type YearEndRow } from '@/schemas/year-end'
import { yearEndQueueQueryOptions } from '@/services/year-end'
import { outcomeLabels, outcomeTone, statusTone, thisYear, yearsUpTo } from '@/screens/year-end'
import { Badge } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { QueueSearchForm } from '../QueueSearchForm'
import {
  YEAR_END_PAGE_SIZE,
  yearEndListInput,
  yearEndYear,
  type YearEndSearch,
} from './queue-search'
import styles from './YearEnd.module.css'

const declarationName = (row: YearEndRow) => (row.declaration === 'defis' ? 'DEFIS' : 'DASN-SIMEI')

/**
 * /app/admin/year-end: the accountant's year-end queue — every client company with its DEFIS or
 * DASN-SIMEI (to complete, ready, delivered, late), the income reports sent and the profits above
 * the exempt amount, 25 a page, filtered in the URL. A row opens the company's year.
 */
export function YearEndQueueScreen({ search }: { search: YearEndSearch }) {
  const navigate = useNavigate()
  const year = yearEndYear(search)
  const { data: queue, isFetching } = useSuspenseQuery(
    yearEndQueueQueryOptions(yearEndListInput(search)),
  )
  const go = (next: Partial<YearEndSearch>) =>
    void navigate({
      to: '/app/admin/year-end',
      search: changeFrom(search, { ...search, page: undefined, ...next }),
    })
  return (
    <>
      <PageHeader
        title="Fechamento do ano"
        description="A DEFIS de cada empresa do Simples e a DASN-SIMEI de cada MEI, os informes de rendimentos dos sócios e os lucros acima do limite isento."
      />
      <YearEndFilters key={`${year}|${search.query ?? ''}`} search={search} year={year} go={go} />
      <ListView
        summary={{
          noun: ['empresa', 'empresas'],
          detail: ` no ano de ${year}`,
          clear: (
            <Link to="/app/admin/year-end" search={{ ano: search.ano }}>
              Limpar filtros
            </Link>
          ),
        }}
        list={queue}
        filtered={Boolean(search.status || search.query)}
        empty={{
          title: `Nenhuma empresa cliente em ${year}`,
          description: 'Empresas ME, EPP ou MEI ativas aparecem aqui com a declaração do ano.',
        }}
        emptyFiltered={{
          title: 'Nenhuma empresa com esses filtros',
          description: 'Mude a situação ou a busca e tente de novo.',
        }}
        pager={{
          page: search.page ?? 1,
          pageSize: YEAR_END_PAGE_SIZE,
          label: 'Páginas do fechamento do ano',
          onPage: (next) =>
            void navigate({
              to: '/app/admin/year-end',
              search: changeFrom(search, { ...search, page: next }),
            }),
        }}
      >
        <DataTable
          caption={`Fechamento de ${year}`}
          rows={queue.data}
          loading={isFetching}
          rowKey={(row) => row.company.id}
          onRowClick={(row) =>
            void navigate({
              to: '/app/admin/year-end/$companyId',
              params: { companyId: row.company.id },
              search: { ano: year },
            })
          }
          columns={[
            {
              key: 'company',
              header: 'Empresa',
              card: 'title',
              cell: (row) => (
                <div className={styles.name}>
                  <Link
                    to="/app/admin/year-end/$companyId"
                    params={{ companyId: row.company.id }}
                    search={{ ano: year }}
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
              key: 'declaration',
              header: 'Declaração',
              cell: (row) => (
                <div className={styles.name}>
                  <span>
                    {declarationName(row)}{' '}
                    <Badge tone={statusTone[row.status]}>
                      {declarationStatusLabels[row.status]}
                    </Badge>
                  </span>
                  <span className="muted">
                    {row.delivery
                      ? `Entregue em ${formatDate(row.delivery.deliveredOn)}${row.delivery.fine ? ` · multa ${formatMoney(row.delivery.fine)}` : ''}`
                      : `Prazo ${formatDate(row.dueDate)}${row.missing ? ` · ${row.missing} ${row.missing === 1 ? 'item' : 'itens'} a completar` : ''}`}
                  </span>
                </div>
              ),
            },
            {
              key: 'months',
              header: 'Meses fechados',
              align: 'right',
              cell: (row) => (
                <div className={styles.figure}>
                  <strong>{row.monthsClosed}</strong>
                  <span className="muted">receita {formatMoney(row.revenue)}</span>
                </div>
              ),
            },
            {
              key: 'profits',
              header: 'Lucros e limite',
              cell: (row) =>
                row.regime === 'mei' ? (
                  row.outcome ? (
                    <Badge tone={outcomeTone[row.outcome]}>{outcomeLabels[row.outcome]}</Badge>
                  ) : (
                    '—'
                  )
                ) : (
                  <div className={styles.name}>
                    <span>
                      {formatMoney(row.distributed)} de {formatMoney(row.exemptLimit)}
                    </span>
                    {row.aboveExempt && <Badge tone="danger">Acima do isento</Badge>}
                  </div>
                ),
            },
            {
              key: 'reports',
              header: 'Informes',
              cell: (row) =>
                row.regime === 'mei' ? (
                  <span className="muted">—</span>
                ) : row.reportsSentAt ? (
                  <span>Enviados em {formatDateTime(row.reportsSentAt)}</span>
                ) : (
                  <span className="muted">Não enviados</span>
                ),
            },
          ]}
        />
      </ListView>
    </>
  )
}

function YearEndFilters({
  search,
  year,
  go,
}: {
  search: YearEndSearch
  year: number
  go: (next: Partial<YearEndSearch>) => void
}) {
  return (
    <QueueSearchForm
      label="Buscar no fechamento do ano"
      className={styles.filters}
      query={search.query}
      onSearch={(query) => go({ query })}
    >
      <SelectField
        label="Ano"
        value={String(year)}
        onChange={(event) => go({ ano: Number(event.target.value) })}
        options={yearsUpTo(thisYear(), thisYear() - 3).map((value) => ({
          value: String(value),
          label: String(value),
        }))}
      />
      <SelectField
        label="Situação"
        value={search.status ?? ''}
        onChange={(event) =>
          go({ status: (event.target.value || undefined) as YearEndSearch['status'] })
        }
        options={declarationStatuses.map((value) => ({
          value,
          label: declarationStatusLabels[value],
        }))}
        placeholder="Todas"
      />
    </QueueSearchForm>
  )
}
