import { Suspense, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCount, formatMoney, formatMonthYear } from '@/lib/format'
import { bankPaymentPlace } from '@/schemas/bank'
import {
  bankAccountsQueryOptions,
  reconciliationQueryOptions,
  reconciliationSummaryQueryOptions,
} from '@/services/bank-statements'
import { useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { Stat, StatGrid } from '@/ui/Stat'
import { Tabs } from '@/ui/Tabs'
import { ImportOfxDialog } from './ImportOfxDialog'
import { ReconciliationLines } from './ReconciliationLines'
import {
  RECONCILIATION_PAGE_SIZE,
  reconciliationListInput,
  reconciliationTabs,
  tabOf,
  type ReconciliationSearch,
  type ReconciliationTab,
} from './reconciliation-search'
import styles from './Reconciliation.module.css'

export type ReconciliationScreenProps = {
  search: ReconciliationSearch
  onSearchChange: (search: ReconciliationSearch) => void
}

/** The company's accounts for the account filter (a company has a handful). */
export const reconciliationAccountsInput = (companyId: string) => ({
  companyId,
  limit: 100,
  offset: 0,
})

const tabLabels: Record<ReconciliationTab, string> = {
  'a-conciliar': 'A conciliar',
  sugestoes: 'Sugestões',
  conciliadas: 'Conciliadas',
}

const empties: Record<ReconciliationTab, { title: string; description: string }> = {
  'a-conciliar': {
    title: 'Nada a conciliar',
    description:
      'Toda entrada do extrato tem uma nota emitida ao lado — ou foi classificada como transferência, aporte ou rendimento.',
  },
  sugestoes: {
    title: 'Nenhuma sugestão para conferir',
    description:
      'Quando uma entrada tiver o valor de uma nota sem dizer de quem veio, ela aparece aqui para você confirmar.',
  },
  conciliadas: {
    title: 'Nenhuma movimentação conciliada ainda',
    description:
      'Importe o extrato em OFX ou conecte o Cora: as entradas que citam o CNPJ do tomador se conciliam sozinhas.',
  },
}

/**
 * /app/bank-statements/reconciliation: each statement line beside the invoices it pays or the
 * guide it paid — matched by the rules, suggested for a person to confirm, or left to reconcile
 * ("Receita sem nota"); the tab, the page and an account are in the address.
 */
export function ReconciliationScreen(props: ReconciliationScreenProps) {
  const { companyId, company } = useSessionView()
  const [importing, setImporting] = useState(false)
  if (!companyId)
    return (
      <>
        <PageHeader title="Conciliação bancária" />
        <Alert tone="info" title="Nenhuma empresa escolhida.">
          A conciliação é de uma empresa: abra a empresa pelo back office para vê-la.
        </Alert>
      </>
    )
  return (
    <>
      <PageHeader
        title="Conciliação bancária"
        description={`Cada entrada do extrato de ${company?.alias ?? company?.name ?? 'sua empresa'} ao lado da nota que ela paga, e cada imposto pago ao lado da sua guia.`}
        actions={
          <>
            <Link
              to="/app/bank-statements/accounts"
              className={buttonClass({ variant: 'secondary' })}
            >
              Extratos bancários
            </Link>
            <Button onClick={() => setImporting(true)}>Importar OFX</Button>
          </>
        }
      />
      <Reconciliation companyId={companyId} {...props} />
      <ImportOfxDialog companyId={companyId} open={importing} onOpenChange={setImporting} />
    </>
  )
}

function Reconciliation({
  companyId,
  search,
  onSearchChange,
}: ReconciliationScreenProps & { companyId: string }) {
  const { data: summary } = useSuspenseQuery(reconciliationSummaryQueryOptions({ companyId }))
  const { data: accounts } = useSuspenseQuery(
    bankAccountsQueryOptions(reconciliationAccountsInput(companyId)),
  )
  const tab = tabOf(search)
  const counts: Record<ReconciliationTab, number> = {
    'a-conciliar': summary.tabs.unmatched,
    sugestoes: summary.tabs.suggested,
    conciliadas: summary.tabs.matched,
  }
  const month = formatMonthYear(`${summary.period}-15`).replace(/ de \d{4}$/, '')
  const share =
    summary.credits.amount > 0
      ? Math.round((summary.matchedCredits.amount / summary.credits.amount) * 100)
      : null
  return (
    <div className="stack">
      <section aria-labelledby="mes-conciliacao" className={styles.month}>
        <h2 id="mes-conciliacao" className="visually-hidden">
          Conciliação de {month}
        </h2>
        <StatGrid min={200}>
          <Stat
            label={`Entradas conciliadas em ${month}`}
            value={share === null ? '—' : `${share}%`}
            note={`${formatMoney(summary.matchedCredits.amount)} de ${formatMoney(summary.credits.amount)}`}
            size="md"
          />
          <Stat
            label={`Receita sem nota em ${month}`}
            value={formatMoney(summary.creditsWithoutInvoice.amount)}
            note={formatCount(summary.creditsWithoutInvoice.count, 'entrada', 'entradas')}
            size="md"
          />
          <Stat
            label="Notas emitidas a receber"
            value={formatMoney(summary.invoicesNotReceived.amount)}
            note={
              <Link to="/app/invoices" search={{ received: 'a-receber' }}>
                {formatCount(summary.invoicesNotReceived.count, 'nota', 'notas')}
              </Link>
            }
            size="md"
          />
        </StatGrid>
      </section>
      {accounts.data.length > 1 && (
        <div className={styles.account}>
          <SelectField
            label="Conta"
            value={search.account ?? ''}
            placeholder="Todas as contas"
            options={accounts.data.map((account) => ({
              value: account.id,
              label: bankPaymentPlace(account),
            }))}
            onChange={(event) =>
              onSearchChange({
                ...search,
                account: event.target.value || undefined,
                page: undefined,
              })
            }
          />
        </div>
      )}
      <Tabs
        label="Conciliação"
        value={tab}
        onValueChange={(next) =>
          onSearchChange({
            ...search,
            tab: next === 'a-conciliar' ? undefined : next,
            page: undefined,
          })
        }
        items={reconciliationTabs.map((value) => ({
          value,
          label: `${tabLabels[value]} (${counts[value]})`,
          content: (
            <Suspense fallback={<Loading label="Carregando a conciliação…" />}>
              <ReconciliationList
                companyId={companyId}
                tab={value}
                search={search}
                onSearchChange={onSearchChange}
              />
            </Suspense>
          ),
        }))}
      />
    </div>
  )
}

function ReconciliationList({
  companyId,
  tab,
  search,
  onSearchChange,
}: ReconciliationScreenProps & { companyId: string; tab: ReconciliationTab }) {
  const { data } = useSuspenseQuery(
    reconciliationQueryOptions(reconciliationListInput(companyId, search)),
  )
  const page = search.page ?? 1
  return (
    <>
      <ListView
        summary={{ noun: ['movimentação', 'movimentações'], detail: ` em "${tabLabels[tab]}"` }}
        list={data}
        filtered={Boolean(search.account)}
        empty={empties[tab]}
        emptyFiltered={{
          title: `Nada em "${tabLabels[tab]}" nesta conta`,
          description: 'Escolha "Todas as contas" para ver as outras.',
        }}
        pager={{
          page,
          pageSize: RECONCILIATION_PAGE_SIZE,
          label: `Páginas de "${tabLabels[tab]}"`,
          onPage: (next) => onSearchChange({ ...search, page: next }),
        }}
      >
        <ReconciliationLines companyId={companyId} rows={data.data} label={tabLabels[tab]} />
      </ListView>
    </>
  )
}
