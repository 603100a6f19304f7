import { useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatInteger, formatMoney } from '@/lib/format'
import type { BankAccountSummary, BankTransaction, TaxCategory } from '@/schemas/bank'
import {
  bankAccountQueryOptions,
  taxCategoriesQueryOptions,
  transactionsQueryOptions,
  useSetTaxCategories,
  useSetTaxCategory,
} from '@/services/bank-statements'
import { useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { CheckboxField, SelectField, TextField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable, useChangedRow } from '@/ui/Table'
import { notify } from '@/ui/notify'
import { accountName, signedMoney, transactionCount } from './bank-format'
import { ExportDialog, RANGE_BACKWARDS } from './ExportDialog'
import { TaxCategorySelect } from './TaxCategorySelect'
import {
  pageSizeOf,
  TRANSACTION_PAGE_SIZES,
  transactionsListInput,
  type TransactionsSearch,
} from './transactions-search'
import styles from './Bank.module.css'

export type BankTransactionsScreenProps = {
  accountId: string
  search: TransactionsSearch
  onSearchChange: (search: TransactionsSearch) => void
}

const pageSizeOptions = TRANSACTION_PAGE_SIZES.map((size) => ({
  value: String(size),
  label: `${size} por página`,
}))

/** /app/bank-statements/accounts/{id}/transactions: one account's entries, to classify. */
export function BankTransactionsScreen(props: BankTransactionsScreenProps) {
  const { companyId } = useSessionView()
  if (!companyId)
    return (
      <>
        <PageHeader title="Movimentações da conta" />
        <Alert tone="info" title="Nenhuma empresa escolhida." />
      </>
    )
  return <AccountTransactions companyId={companyId} {...props} />
}

function AccountTransactions({
  companyId,
  accountId,
  search,
  onSearchChange,
}: BankTransactionsScreenProps & { companyId: string }) {
  const { data: account } = useSuspenseQuery(bankAccountQueryOptions({ companyId, accountId }))
  const { data: categories } = useSuspenseQuery(taxCategoriesQueryOptions())
  const [exporting, setExporting] = useState(false)
  return (
    <>
      <PageHeader
        title="Movimentações da conta"
        description={
          <>
            {accountName(account)}
            {account.balance !== null && account.balanceDate && (
              <>
                {' · '}saldo de {formatMoney(account.balance)} em {formatDate(account.balanceDate)}
              </>
            )}
          </>
        }
        actions={
          <>
            <Link
              to="/app/bank-statements/accounts"
              className={buttonClass({ variant: 'secondary' })}
            >
              Voltar para as contas
            </Link>
            <Button onClick={() => setExporting(true)}>Exportar</Button>
          </>
        }
      />
      <TransactionList
        companyId={companyId}
        account={account}
        categories={categories}
        search={search}
        onSearchChange={onSearchChange}
      />
      <ExportDialog
        companyId={companyId}
        account={account}
        open={exporting}
        onOpenChange={setExporting}
      />
    </>
  )
}

function Filters({
  search,
  onSearchChange,
}: {
  search: TransactionsSearch
  onSearchChange: (search: TransactionsSearch) => void
}) {
  const [from, setFrom] = useState(search.from ?? '')
  const [to, setTo] = useState(search.to ?? '')
  const [query, setQuery] = useState(search.query ?? '')
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (from && to && from > to) {
      setError(RANGE_BACKWARDS)
      return
    }
    setError(null)
    onSearchChange({
      ...search,
      from: from || undefined,
      to: to || undefined,
      query: query.trim() || undefined,
      page: undefined,
    })
  }

  return (
    <form
      className={styles.filters}
      onSubmit={submit}
      role="search"
      aria-label="Filtrar movimentações"
      noValidate
    >
      <TextField
        label="De"
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={error ?? undefined}
      />
      <TextField
        label="Até"
        type="date"
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      <TextField
        label="Buscar na descrição"
        type="search"
        value={query}
        maxLength={200}
        placeholder="Ex.: pix, aluguel"
        onChange={(event) => setQuery(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Filtrar
      </Button>
    </form>
  )
}

function TransactionList({
  companyId,
  account,
  categories,
  search,
  onSearchChange,
}: {
  companyId: string
  account: BankAccountSummary
  categories: TaxCategory[]
  search: TransactionsSearch
  onSearchChange: (search: TransactionsSearch) => void
}) {
  const input = transactionsListInput(companyId, account.id, search)
  const { data, isFetching } = useSuspenseQuery(transactionsQueryOptions(input))
  const setOne = useSetTaxCategory(account.id)
  const saved = useChangedRow()
  const setMany = useSetTaxCategories(account.id)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [bulkCategory, setBulkCategory] = useState<string | null>(null)
  const [bulkError, setBulkError] = useState<string | null>(null)
  const categoryName = new Map(categories.map((c) => [c.id, c.name]))
  const nameOf = (id: string | null) => (id ? (categoryName.get(id) ?? id) : 'Sem categoria')
  const limit = pageSizeOf(search)
  const page = search.page ?? 1
  const onPage = data.data.map((t) => t.id)
  const selectedHere = onPage.filter((id) => selected.has(id))
  const allSelected = onPage.length > 0 && selectedHere.length === onPage.length
  const filtered = Boolean(search.from || search.to || search.query || search.uncategorized)

  const change = (next: TransactionsSearch) => {
    setSelected(new Set())
    onSearchChange(next)
  }

  function categorize(transaction: BankTransaction, taxCategoryId: string | null) {
    const before = transaction.taxCategoryId
    setOne.mutate(
      { companyId, transactionId: transaction.id, taxCategoryId },
      {
        // The select shows the new category; the row lights up to say it was saved.
        onSuccess: () => saved.mark(transaction.id),
        onError: (error) =>
          notify.error(
            `Não foi possível classificar "${transaction.description}": ${error.message} A categoria voltou para "${nameOf(before)}".`,
          ),
      },
    )
  }

  function categorizeSelected() {
    if (!bulkCategory) {
      setBulkError('Escolha a categoria para as movimentações selecionadas.')
      return
    }
    setBulkError(null)
    const ids = [...selectedHere]
    setMany.mutate(
      { companyId, transactionIds: ids, taxCategoryId: bulkCategory },
      {
        onSuccess: ({ updated }) => {
          notify.success(`${transactionCount(updated)} em "${nameOf(bulkCategory)}".`)
          setSelected(new Set())
        },
        onError: (error) =>
          notify.error(
            `Não foi possível classificar as ${transactionCount(ids.length)}: ${error.message} As categorias anteriores foram mantidas.`,
          ),
      },
    )
  }

  function toggle(id: string, on: boolean) {
    const next = new Set(selected)
    if (on) next.add(id)
    else next.delete(id)
    setSelected(next)
  }

  return (
    <div className="stack">
      <Filters
        key={JSON.stringify([search.from, search.to, search.query])}
        search={search}
        onSearchChange={change}
      />
      <div className={styles.options}>
        <CheckboxField
          label={`Sem categoria (${formatInteger(account.uncategorizedCount)})`}
          checked={Boolean(search.uncategorized)}
          onChange={(event) =>
            change({ ...search, uncategorized: event.target.checked || undefined, page: undefined })
          }
        />
        <div className={styles.pageSize}>
          <SelectField
            label="Por página"
            value={String(limit)}
            options={pageSizeOptions}
            onChange={(event) =>
              change({ ...search, limit: Number(event.target.value), page: undefined })
            }
          />
        </div>
      </div>
      {selectedHere.length > 0 && (
        <div className={styles.bulk} role="region" aria-label="Classificar selecionadas">
          <strong>
            {selectedHere.length === 1 ? '1 selecionada' : `${selectedHere.length} selecionadas`}
          </strong>
          <label className="stack" style={{ gap: 4, minWidth: 220 }}>
            <span style={{ fontWeight: 600, fontSize: 'var(--text-sm)' }}>Categoria</span>
            <TaxCategorySelect
              categories={categories}
              value={bulkCategory}
              onChange={(value) => {
                setBulkCategory(value)
                setBulkError(null)
              }}
              emptyLabel="Escolha a categoria"
              aria-invalid={Boolean(bulkError) || undefined}
            />
          </label>
          <Button onClick={categorizeSelected} loading={setMany.isPending}>
            Classificar selecionadas
          </Button>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            Limpar seleção
          </Button>
          {bulkError && (
            <span role="alert" style={{ color: 'var(--color-danger)', fontSize: 'var(--text-sm)' }}>
              {bulkError}
            </span>
          )}
        </div>
      )}
      <ListView
        summary={{ noun: ['movimentação', 'movimentações'] }}
        list={data}
        filtered={filtered}
        empty={{
          title: 'Nenhuma movimentação ainda',
          description: 'Importe o extrato desta conta em OFX pela página de extratos.',
        }}
        emptyFiltered={{
          title: 'Nenhuma movimentação com esses filtros',
          description: 'Mude o período, a busca ou desmarque "Sem categoria".',
        }}
        pager={{
          page,
          pageSize: limit,
          label: 'Páginas de movimentações',
          onPage: (next) => change({ ...search, page: next }),
        }}
      >
        <DataTable
          caption={`Movimentações de ${accountName(account)}`}
          rows={data.data}
          loading={isFetching}
          rowKey={(transaction) => transaction.id}
          stacked={styles.rows}
          changed={saved.changed}
          columns={[
            {
              key: 'select',
              label: 'Selecionar',
              header: (
                <input
                  type="checkbox"
                  aria-label="Selecionar todas desta página"
                  checked={allSelected}
                  onChange={(event) =>
                    setSelected(event.target.checked ? new Set(onPage) : new Set())
                  }
                />
              ),
              cell: (transaction) => (
                <input
                  type="checkbox"
                  aria-label={`Selecionar ${transaction.description} de ${formatDate(transaction.date)}`}
                  checked={selected.has(transaction.id)}
                  onChange={(event) => toggle(transaction.id, event.target.checked)}
                />
              ),
            },
            {
              key: 'date',
              header: 'Data',
              cell: (transaction) => (
                <span className={styles.date}>{formatDate(transaction.date)}</span>
              ),
            },
            {
              key: 'description',
              card: 'title',
              header: 'Descrição',
              cell: (transaction) => (
                <span className={styles.description}>{transaction.description}</span>
              ),
            },
            {
              key: 'amount',
              header: 'Valor',
              align: 'right',
              cell: (transaction) => (
                <span className={transaction.amount < 0 ? styles.out : styles.in}>
                  {signedMoney(transaction.amount)}
                </span>
              ),
            },
            {
              key: 'category',
              header: 'Categoria',
              cell: (transaction) => (
                <div className={styles.category}>
                  <TaxCategorySelect
                    categories={categories}
                    value={transaction.taxCategoryId}
                    onChange={(value) => categorize(transaction, value)}
                    aria-label={`Categoria de ${transaction.description} de ${formatDate(transaction.date)}`}
                  />
                </div>
              ),
            },
          ]}
        />
      </ListView>
    </div>
  )
}
