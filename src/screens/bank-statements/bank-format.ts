import { formatCount, formatMoney } from '@/lib/format'
import type { BankAccount } from '@/schemas/bank'

/** "Agência 0001 · Conta 1234567-8" (no agency for accounts the statement gave none). */
export const accountNumbers = (account: Pick<BankAccount, 'branch' | 'accountNumber'>) =>
  [account.branch ? `Agência ${account.branch}` : null, `Conta ${account.accountNumber}`]
    .filter(Boolean)
    .join(' · ')

/** "Itaú · Conta 12345-6": how an account is named on screen (never its id). */
export const accountName = (account: Pick<BankAccount, 'bankName' | 'branch' | 'accountNumber'>) =>
  `${account.bankName} · ${accountNumbers(account)}`

export const originLabels: Record<BankAccount['source'], string> = {
  cora: 'Conectada ao Cora',
  ofx: 'Arquivo OFX',
}

/** "+R$ 1.500,00" for money in, "−R$ 89,90" for money out (the sign is read, not only seen). */
export const signedMoney = (amount: number) =>
  `${amount < 0 ? '−' : '+'}${formatMoney(Math.abs(amount))}`

/** What an OFX import did, in one sentence. */
export const importSummary = (result: { imported: number; duplicates: number; dropped: number }) =>
  [
    formatCount(result.imported, 'lançamento importado', 'lançamentos importados'),
    formatCount(result.duplicates, 'já estava aqui', 'já estavam aqui'),
    formatCount(
      result.dropped,
      'descartado por ter data depois do fim do extrato',
      'descartados por ter data depois do fim do extrato',
    ),
  ].join('; ') + '.'

/** What reconciliation made of an import's lines, in one sentence. */
export const reconciliationSummary = (result: {
  matched: number
  suggested: number
  unmatched: number
}) =>
  `Conciliação: ${[
    formatCount(result.matched, 'conciliada sozinha', 'conciliadas sozinhas'),
    formatCount(result.suggested, 'sugestão para conferir', 'sugestões para conferir'),
    formatCount(result.unmatched, 'entrada sem nota', 'entradas sem nota'),
  ].join('; ')}.`

export const transactionCount = (count: number) =>
  formatCount(count, 'movimentação', 'movimentações')
