import { stringify } from 'csv-stringify/sync'
import {
  bankText,
  type BankAccount,
  type BankTransaction,
  type TaxCategory,
} from '../../../src/schemas/bank'
import { toCents } from '../../../src/kernel/money'
import { spreadsheetText } from '../../../src/schemas/spreadsheet'

/** Ledger account for entries not classified yet (the accountant's suspense account). */
export const SUSPENSE_ACCOUNT = { code: '1.1.9.99', name: 'Valores a classificar' }

const brDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
/** Whole cents as `1500,00` (a minus sign when negative). */
const centsText = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`
const brAmount = (value: number) => centsText(Math.abs(toCents(value)))
const signedBrAmount = (value: number) => centsText(toCents(value))

/**
 * The `txt` export: one line per transaction, for import into accounting software (double
 * entry), CRLF line ends, plain ASCII, fields separated by `|`:
 *
 *     DATA|CONTA_DEBITO|CONTA_CREDITO|VALOR|HISTORICO|DOCUMENTO
 *     05/10/2026|1.1.1.02.001|3.1.01|1500,00|PIX RECEBIDO - PADARIA PAO DOURADO LTDA|202610050001
 *
 * - DATA: the day, dd/mm/aaaa.
 * - CONTA_DEBITO / CONTA_CREDITO: ledger codes. Money in debits the bank account (its
 *   `ledgerCode`) and credits the transaction's tax category; money out debits the category and
 *   credits the bank. An unclassified transaction uses 1.1.9.99 (Valores a classificar).
 * - VALOR: the absolute amount, comma decimals, no thousands separator (1234,56).
 * - HISTORICO: the bank's description, upper-case ASCII without accents or `|`, ≤ 80 chars.
 * - DOCUMENTO: the bank's id of the entry (FITID).
 *
 * A HISTORICO or DOCUMENTO that would start like a spreadsheet formula (`-`, `=`, `+`, `@`) starts
 * with `'` instead (files like this get opened in spreadsheets too).
 *
 * No header line; oldest first.
 */
export function exportTxt(
  account: BankAccount,
  transactions: readonly BankTransaction[],
  categories: Map<string, TaxCategory>,
): string {
  return transactions
    .map((t) => {
      const category = t.taxCategoryId ? categories.get(t.taxCategoryId)?.code : undefined
      const other = category ?? SUSPENSE_ACCOUNT.code
      const [debit, credit] =
        t.amount >= 0 ? [account.ledgerCode, other] : [other, account.ledgerCode]
      const history = spreadsheetText(bankText(t.description).replace(/\|/g, ' '))
      const document = spreadsheetText(t.fitId.replace(/[|\r\n]/g, ''))
      return `${brDate(t.date)}|${debit}|${credit}|${brAmount(t.amount)}|${history}|${document}\r\n`
    })
    .join('')
}

/**
 * The `csv` export, for spreadsheets (Excel in pt-BR): UTF-8 with BOM, `;` separators, comma
 * decimals, a header row, oldest first. Text cells that would start like a formula get a leading
 * `'` (spreadsheetText); amounts stay numbers.
 */
export function exportCsv(
  account: BankAccount,
  transactions: readonly BankTransaction[],
  categories: Map<string, TaxCategory>,
): string {
  const rows = transactions.map((t) => {
    const category = t.taxCategoryId ? categories.get(t.taxCategoryId) : undefined
    return [
      brDate(t.date),
      spreadsheetText(t.description),
      signedBrAmount(t.amount),
      t.amount >= 0 ? 'Crédito' : 'Débito',
      spreadsheetText(category?.code ?? ''),
      spreadsheetText(category?.name ?? 'Sem categoria'),
      spreadsheetText(`${account.bankName} ${account.accountNumber}`),
      spreadsheetText(t.fitId),
    ]
  })
  return (
    '\uFEFF' +
    stringify(rows, {
      delimiter: ';',
      record_delimiter: 'windows',
      header: true,
      columns: [
        'Data',
        'Descrição',
        'Valor (R$)',
        'Tipo',
        'Código contábil',
        'Categoria',
        'Conta',
        'Identificador',
      ],
    })
  )
}
