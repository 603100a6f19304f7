import { randomUUID } from 'node:crypto'
import { existsSync, promises as fs } from 'node:fs'
import path from 'node:path'
import type { Company } from '../../../src/schemas/company'
import type { CompanyDocument, GuiaDetails } from '../../../src/schemas/document'
import { collectionLine, lastDayOf, latePaymentOf, SelicMissing } from '../../../src/kernel/tax'
import {
  simplesMessages,
  type CompanyGuide,
  type LatePaymentView,
  type MonthGuide,
  type TaxGuideRecord,
} from '../../../src/schemas/simples/api'
import type { ServerConfig } from '../../config'
import { filePath } from '../../store/files'
import { conflict, notFound } from '../../http'
import { PRIVATE_FILE_MODE } from '../../private-files'
import type { Store } from '../../store/database'
import { guidePdf } from './guide-pdf'
import { selicByMonth } from './selic'

// The guides this product makes: a DAS (or DAS-MEI) when a month closes, the DCTFWeb DARF of its
// payroll, and a guide recalculated for a later payment. Each is a `guia` document the client
// sees in Documentos, and a record of what its PDF prints; the PDF is made (pdf-lib) the first
// time it is downloaded, so closing thousands of months writes records, not files.

export const competenceText = (period: string) => `${period.slice(5)}/${period.slice(0, 4)}`
const dayText = (day: string) => day.split('-').reverse().join('/')

export interface NewGuide {
  company: Pick<Company, 'id'>
  kind: GuiaDetails['kind']
  title: string
  competence: string
  /** Cents. */
  amount: number
  dueDate: string
  lines: TaxGuideRecord['lines']
  replaces?: string | null
  createdBy: string
  now: string
  /** The seed's own id (a demo guide keeps its id across resets). */
  id?: string
}

/** A guide's document and its record (the caller writes them, inside its transaction). */
export function guideRecords(input: NewGuide): {
  document: CompanyDocument
  guide: TaxGuideRecord
} {
  const id = input.id ?? `doc-${randomUUID()}`
  const fileName = `${input.kind.toLowerCase()}-${input.competence}-${id.slice(-8)}.pdf`
  const line = collectionLine(
    input.amount,
    `${input.company.id}|${input.kind}|${input.competence}|${id}`,
  )
  const amount = input.amount / 100
  const document: CompanyDocument = {
    id,
    companyId: input.company.id,
    type: 'guia',
    name: input.title,
    description: null,
    fileName,
    status: 'pending',
    guia: {
      kind: input.kind,
      dueDate: input.dueDate,
      amount,
      competence: input.competence,
      digitableLine: line,
    },
    competence: input.competence,
    sentBy: 'accountant',
    createdBy: input.createdBy,
    reviewedBy: null,
    reviewedAt: null,
    rejectionReason: null,
    paidAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  }
  const guide: TaxGuideRecord = {
    id,
    companyId: input.company.id,
    kind: input.kind,
    title: input.title,
    competence: input.competence,
    fileName,
    amount,
    dueDate: input.dueDate,
    line,
    lines: input.lines,
    replaces: input.replaces ?? null,
    createdAt: input.now,
  }
  return { document, guide }
}

/** Writes a new guide (inside store.write; the seed passes its arrays). */
export function issueGuide(
  store: {
    documents: { insert(document: CompanyDocument): unknown }
    taxGuides: { insert(guide: TaxGuideRecord): unknown }
  },
  input: NewGuide,
) {
  const records = guideRecords(input)
  store.documents.insert(records.document)
  store.taxGuides.insert(records.guide)
  return records
}

/** Whether a pending guide is past its due date (`today` in São Paulo). */
export const isOverdueGuide = (document: CompanyDocument, today: string) =>
  document.status === 'pending' && document.guia !== null && document.guia.dueDate < today

/** A guide as the month's screens show it: an expired line is never offered. */
export function guideView(document: CompanyDocument, today: string): MonthGuide {
  const overdue = isOverdueGuide(document, today)
  return {
    documentId: document.id,
    kind: document.guia!.kind,
    name: document.name,
    amount: document.guia!.amount,
    dueDate: document.guia!.dueDate,
    line: overdue || document.status === 'paid' ? null : (document.guia!.digitableLine ?? null),
    status: document.status === 'paid' ? 'paid' : 'pending',
    overdue,
    fileName: document.fileName,
  }
}

export const guideViewOf = (store: Store, documentId: string | null, today: string) => {
  const document = documentId ? store.documents.get(documentId) : undefined
  return document?.guia ? guideView(document, today) : null
}

/** Federal guides a late payment recalculates (the Receita's multa and juros). */
const UPDATABLE = new Set<GuiaDetails['kind']>(['DAS', 'DARF'])

/** The company's guides to pay, due first: due and overdue; one replaced by a newer is left out. */
export function companyGuides(store: Store, companyId: string, today: string): CompanyGuide[] {
  const documents = store.documents
    .find({ where: { companyId }, order: 'createdAt DESC, id DESC' })
    .filter((d) => d.type === 'guia' && d.guia && d.status === 'pending')
  const replaced = new Set(
    store.taxGuides
      .find({ where: { companyId } })
      .map((guide) => guide.replaces)
      .filter((id): id is string => id !== null),
  )
  return documents
    .filter((document) => !replaced.has(document.id))
    .map((document) => ({
      ...guideView(document, today),
      competence: document.guia!.competence,
      updatable: UPDATABLE.has(document.guia!.kind),
      replaces: store.taxGuides.get(document.id)?.replaces ?? null,
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name))
}

/** The first guide of a chain of recalculations: what was owed, and when. */
function originalOf(store: Store, document: CompanyDocument): CompanyDocument {
  let current = document
  for (let hops = 0; hops < 50; hops++) {
    const replaces = store.taxGuides.get(current.id)?.replaces
    const previous = replaces ? store.documents.get(replaces) : undefined
    if (!previous?.guia) return current
    current = previous
  }
  return current
}

/**
 * What a guide costs paid on `paymentDate` (default today): multa and juros on the original
 * amount from the original due date. Refused: another company's document, not a DAS or DARF,
 * paid already, not late, a date before today or past this month, a Selic month not known.
 */
export function latePaymentQuote(
  store: Store,
  companyId: string,
  documentId: string,
  paymentDate: string | undefined,
  today: string,
) {
  const document = store.documents.get(documentId)
  if (!document || document.companyId !== companyId) throw notFound(simplesMessages.notAGuide)
  if (document.type !== 'guia' || !document.guia || !UPDATABLE.has(document.guia.kind))
    throw conflict(simplesMessages.notAGuide)
  if (document.status === 'paid') throw conflict(simplesMessages.guidePaid)
  if (document.guia.dueDate >= today) throw conflict(simplesMessages.guideNotLate)
  const day = paymentDate ?? today
  if (day < today) throw conflict(simplesMessages.paymentDatePast)
  if (day > lastDayOf(today.slice(0, 7))) throw conflict(simplesMessages.paymentDateMonth)
  const original = originalOf(store, document)
  const principal = Math.round(original.guia!.amount * 100)
  try {
    const charges = latePaymentOf(principal, original.guia!.dueDate, day, selicByMonth())
    return { document, original, day, principal, charges }
  } catch (error) {
    if (error instanceof SelicMissing) throw conflict(error.message)
    throw error
  }
}

export function latePaymentView(
  quote: ReturnType<typeof latePaymentQuote>,
  guide: MonthGuide | null,
): LatePaymentView {
  const { original, day, principal, charges } = quote
  return {
    documentId: quote.document.id,
    principal: principal / 100,
    dueDate: original.guia!.dueDate,
    paymentDate: day,
    days: charges.days,
    fineRate: charges.fineRate / 10_000,
    fine: charges.fine / 100,
    interestRate: charges.interestRate / 10_000,
    interest: charges.interest / 100,
    selicMonths: charges.selicMonths,
    total: charges.total / 100,
    guide,
  }
}

const percentText = (hundredths: number) => `${(hundredths / 100).toFixed(2).replace('.', ',')} %`

/** A new guide for the payment date, replacing the expired one (inside store.write). */
export function issueLateGuide(
  store: Store,
  quote: ReturnType<typeof latePaymentQuote>,
  createdBy: string,
  now: string,
) {
  const { document, original, day, principal, charges } = quote
  const baseName = original.name
  return issueGuide(store, {
    company: { id: document.companyId },
    kind: original.guia!.kind,
    title: `${baseName} (atualizada para pagamento em ${dayText(day)})`,
    competence: original.guia!.competence,
    amount: charges.total,
    dueDate: day,
    lines: [
      {
        label: `Valor original (vencimento ${dayText(original.guia!.dueDate)})`,
        amount: principal / 100,
      },
      {
        label: `Multa de mora: ${percentText(charges.fineRate)} (${charges.days} dias, até 20 %)`,
        amount: charges.fine / 100,
      },
      {
        label: `Juros: ${percentText(charges.interestRate)}${charges.selicMonths.length ? ` (Selic de ${charges.selicMonths.map(competenceText).join(', ')} e 1 % do mês do pagamento)` : charges.interestRate ? ' (1 % do mês do pagamento)' : ''}`,
        amount: charges.interest / 100,
      },
    ],
    replaces: document.id,
    createdBy,
    now,
  })
}

/**
 * A guide paid: the guides it recalculated are paid with it, and a closed month whose DAS it is
 * becomes paid (inside the documents route's transaction).
 */
export function onGuidePaid(store: Store, document: CompanyDocument, now: string) {
  let replaces = store.taxGuides.get(document.id)?.replaces ?? null
  const paid = [document.id]
  for (let hops = 0; replaces && hops < 50; hops++) {
    const previous = store.documents.get(replaces)
    if (!previous) break
    if (previous.status === 'pending') {
      previous.status = 'paid'
      previous.paidAt = now
      previous.updatedAt = now
      store.documents.update(previous)
    }
    paid.push(previous.id)
    replaces = store.taxGuides.get(previous.id)?.replaces ?? null
  }
  if (!document.guia) return
  const month = store.closedMonths.first({
    where: { companyId: document.companyId, period: document.guia.competence },
  })
  if (month?.dasDocumentId && paid.includes(month.dasDocumentId) && month.status !== 'paid') {
    month.status = 'paid'
    store.closedMonths.update(month)
  }
}

/**
 * Makes the PDF of a guide this product issued, the first time it is asked for; false when the
 * file is not one of them.
 */
export async function renderGuideFile(
  store: Store,
  config: ServerConfig,
  companyId: string,
  fileName: string,
): Promise<boolean> {
  const guide = store.taxGuides.first({ where: { companyId, fileName } })
  const company = store.companies.get(companyId)
  if (!guide || !company) return false
  const { dir, file } = filePath(config, companyId, fileName)
  if (existsSync(file)) return true
  const bytes = await guidePdf(company, guide)
  await fs.mkdir(dir, { recursive: true })
  // Written beside and renamed into place: a download at the same moment never reads half a file.
  const temp = path.join(dir, `.${fileName}.${randomUUID()}.tmp`)
  await fs.writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE })
  await fs.rename(temp, file)
  return true
}
