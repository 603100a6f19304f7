import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { env } from '@/config/env'
import { formatDate, formatDateTime, formatInteger, formatMoney } from '@/lib/format'
import type { BankAccountSummary } from '@/schemas/bank'
import {
  bankAccountsQueryOptions,
  useDeleteBankAccount,
  useStartCora,
} from '@/services/bank-statements'
import { useSessionView } from '@/services/session'
import { Button, buttonClass } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert, Badge } from '@/ui/Feedback'
import { PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { notify } from '@/ui/notify'
import { accountName, accountNumbers, originLabels, transactionCount } from './bank-format'
import { ImportOfxDialog } from './ImportOfxDialog'
import styles from './Bank.module.css'

export const ACCOUNTS_PAGE_SIZE = 10

export type BankAccountsSearch = { page?: number }

export const bankAccountsListInput = (companyId: string, { page }: BankAccountsSearch) => ({
  companyId,
  limit: ACCOUNTS_PAGE_SIZE,
  offset: ((page ?? 1) - 1) * ACCOUNTS_PAGE_SIZE,
})

export type BankAccountsScreenProps = {
  search: BankAccountsSearch
  onSearchChange: (search: BankAccountsSearch) => void
  /** Leaves the app for Cora's authorization page (the route checks the address). */
  onLeaveForCora: (url: string) => void
}

/** /app/bank-statements/accounts: the company's bank accounts, OFX import and the Cora link. */
export function BankAccountsScreen(props: BankAccountsScreenProps) {
  const { companyId, company, user } = useSessionView()
  const [importing, setImporting] = useState(false)
  const startCora = useStartCora()
  // docs/product.md §6: the Cora integration is behind an e-mail allow-list.
  const coraAllowed = Boolean(user?.email && env.flags.coraEmails.includes(user.email))

  if (!companyId)
    return (
      <>
        <PageHeader title="Extratos bancários" />
        <Alert tone="info" title="Nenhuma empresa escolhida.">
          Os extratos são de uma empresa: abra a empresa pelo back office para vê-los.
        </Alert>
      </>
    )

  function connectCora() {
    startCora.mutate(
      { companyId: companyId! },
      {
        onSuccess: ({ url }) => props.onLeaveForCora(url),
        onError: (error) => notify.error(error.message),
      },
    )
  }

  return (
    <>
      <PageHeader
        title="Extratos bancários"
        description={`As contas de ${company?.alias ?? company?.name ?? 'sua empresa'}: envie o extrato em OFX ou conecte o Cora, e classifique cada movimentação para a contabilidade.`}
        actions={
          <>
            <Button onClick={() => setImporting(true)}>Importar OFX</Button>
            {coraAllowed && (
              <Button variant="secondary" loading={startCora.isPending} onClick={connectCora}>
                Conectar Cora
              </Button>
            )}
          </>
        }
      />
      <AccountList companyId={companyId} {...props} onImport={() => setImporting(true)} />
      <ImportOfxDialog companyId={companyId} open={importing} onOpenChange={setImporting} />
    </>
  )
}

function AccountList({
  companyId,
  search,
  onSearchChange,
  onImport,
}: BankAccountsScreenProps & { companyId: string; onImport: () => void }) {
  const { data } = useSuspenseQuery(
    bankAccountsQueryOptions(bankAccountsListInput(companyId, search)),
  )
  const remove = useDeleteBankAccount()
  const [deleting, setDeleting] = useState<BankAccountSummary | null>(null)
  const page = search.page ?? 1

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(
      { companyId, accountId: deleting.id },
      {
        onSuccess: (removed) => {
          notify.success(
            `Conta excluída com ${transactionCount(removed.removedTransactions)}: ${accountName(deleting)}.`,
          )
          setDeleting(null)
          if (data.data.length === 1 && page > 1) onSearchChange({ page: page - 1 })
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }

  return (
    <>
      <ListView
        list={data}
        empty={{
          title: 'Nenhuma conta bancária ainda',
          description:
            'Envie o extrato da conta da empresa em OFX: a conta aparece aqui com as movimentações.',
          action: <Button onClick={onImport}>Importar OFX</Button>,
        }}
        pager={{
          page,
          pageSize: ACCOUNTS_PAGE_SIZE,
          label: 'Páginas de contas',
          onPage: (next) => onSearchChange({ page: next }),
        }}
      >
        <ul className={styles.accounts} aria-label="Contas bancárias">
          {data.data.map((account) => (
            <li key={account.id} className={styles.account}>
              <div className={styles.accountHead}>
                <div>
                  <h2>{account.bankName}</h2>
                  <div className={styles.numbers}>{accountNumbers(account)}</div>
                </div>
                <Badge tone={account.source === 'cora' ? 'success' : 'neutral'}>
                  {originLabels[account.source]}
                </Badge>
              </div>
              <div>
                <div className={styles.balance}>
                  {account.balance === null ? '—' : formatMoney(account.balance)}
                </div>
                <div className={styles.numbers}>
                  {account.balanceDate
                    ? `Saldo em ${formatDate(account.balanceDate)}`
                    : 'Saldo ainda não informado pelo banco'}
                </div>
              </div>
              <dl className={styles.facts}>
                <dt>Período</dt>
                <dd>
                  {account.firstTransactionDate && account.lastTransactionDate
                    ? `${formatDate(account.firstTransactionDate)} a ${formatDate(account.lastTransactionDate)}`
                    : 'Sem movimentações'}
                </dd>
                <dt>Última importação</dt>
                <dd>{formatDateTime(account.lastImportAt)}</dd>
                <dt>Movimentações</dt>
                <dd>
                  {formatInteger(account.transactionCount)}
                  {account.uncategorizedCount > 0 &&
                    ` (${formatInteger(account.uncategorizedCount)} sem categoria)`}
                </dd>
              </dl>
              <div className={styles.cardActions}>
                <Link
                  to="/app/bank-statements/accounts/$accountId/transactions"
                  params={{ accountId: account.id }}
                  preload="intent"
                  className={buttonClass({ size: 'sm' })}
                  aria-label={`Ver movimentações: ${accountName(account)}`}
                >
                  Ver movimentações
                </Link>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting(account)}
                  aria-label={`Excluir a conta ${accountName(account)}`}
                >
                  Excluir
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListView>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir a conta bancária?"
        description={
          deleting
            ? `${accountName(deleting)} sai dos extratos com suas ${transactionCount(deleting.transactionCount)} e as categorias dadas a elas. Para tê-la de volta, importe o extrato de novo.`
            : ''
        }
        confirmLabel="Excluir conta"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  )
}
