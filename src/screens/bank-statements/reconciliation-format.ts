import { formatCnpjValue, formatCpfValue, formatDate, formatMoney } from '@/lib/format'
import type { ReconciliationGuide, ReconciliationInvoice } from '@/schemas/reconciliation'

/** A CPF (11 digits) or a CNPJ with its mask. */
export const formatTakerDocument = (document: string) =>
  document.length === 11 ? formatCpfValue(document) : formatCnpjValue(document)

/**
 * "NFS-e nº 76 · Construtora Horizonte Azul Ltda · R$ 4.350,00 · serviço de 13/11/2026", and what
 * the taker pays when it withholds part of it.
 */
export function invoiceLabel(invoice: ReconciliationInvoice) {
  const due =
    invoice.amountDue === null
      ? ' (menos o ISS retido)'
      : invoice.amountDue !== invoice.totalValue
        ? ` (o tomador paga ${formatMoney(invoice.amountDue)})`
        : ''
  return [
    invoice.number === null ? 'Nota sem número' : `NFS-e nº ${invoice.number}`,
    invoice.takerName ?? 'sem tomador',
    `${formatMoney(invoice.totalValue)}${due}`,
    `serviço de ${formatDate(invoice.date)}`,
  ].join(' · ')
}

/**
 * "DAS – Simples Nacional – competência 10/2026 · R$ 1.356,18 · vencimento 20/11/2026" (the
 * day it was due, a noun: the guide may be paid or past due by now).
 */
export const guideLabel = (guide: ReconciliationGuide) =>
  `${guide.name} · ${formatMoney(guide.amount)} · vencimento ${formatDate(guide.dueDate)}`
