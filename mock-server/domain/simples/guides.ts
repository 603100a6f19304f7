import { v7 as uuidv7 } from 'uuid'
import { randomUUID } from 'node:crypto'
import { existsSync, promises as fs } from 'node:fs'
import path from 'node:path'
import type { Company } from '../../../src/schemas/company'
import { competenceText, dayInBrazil, formatDate } from '../../../src/kernel/dates'
import { toCents } from '../../../src/kernel/money'
import type { CompanyDocument, GuiaDetails } from '../../../src/schemas/document'
import { collectionLine, lastDayOf, latePaymentOf } from '../../../src/kernel/tax'
import {
  simplesMessages,
  type CompanyGuide,
  type LatePaymentView,
  type MonthGuide,
  type TaxGuideRecord,
} from '../../../src/schemas/simples/api'
import type { ServerConfig } from '../../config'
import { filePath } from '../../store/files'
import { conflict, notFound } from '../errors'
import { PRIVATE_FILE_MODE } from '../../private-files'
import type { Store } from '../../store/database'
import { guidePdf, type GuideFileState } from './guide-pdf'
import { selicByMonth } from './selic'

// The guides this product makes: a DAS (or DAS-MEI) when a month closes, the DCTFWeb DARF of its
// payroll, and a guide recalculated for a later payment. Each is a `guia` document the client
// sees in Documentos, and a record of what its PDF prints; the PDF is made (pdf-lib) the first
// time it is downloaded, so closing thousands of months writes records, not files.

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
  // A time-ordered UUID (RFC 9562 version 7): ids written one after another sort one after
  // another, so a bulk close adds its guides at the end of the documents' and guides' key
  // indexes, not on a random page of each for every guide.
  const id = input.id ?? `doc-${uuidv7()}`
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

/** A guide written, with its view on the day of the writing when one was asked for. */
export type IssuedGuide = ReturnType<typeof guideRecords> & { view: MonthGuide | null }

/**
 * Writes a month close's guides in one call, in the order given (a null is a guide the month does
 * not publish), each with its view on `today` when one is given: the close answers with it
 * (mock-server/domain/simples/months.ts) without reading the guide back.
 */
export function issueGuides<K extends string>(
  store: Parameters<typeof issueGuide>[0],
  inputs: Record<K, NewGuide | null>,
  today?: string,
): Record<K, IssuedGuide | null> {
  const issued = {} as Record<K, IssuedGuide | null>
  for (const kind of Object.keys(inputs) as K[]) {
    const input = inputs[kind]
    const records = input ? issueGuide(store, input) : null
    issued[kind] = records
      ? { ...records, view: today ? guideView(records.document, today) : null }
      : null
  }
  return issued
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
    paidAt: document.paidAt,
    paidBy: document.paidBy ?? null,
    replacedBy: document.replacedBy ?? null,
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
  const principal = toCents(original.guia!.amount)
  const charges = latePaymentOf(principal, original.guia!.dueDate, day, selicByMonth(store))
  return { document, original, day, principal, charges }
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

/**
 * The pending guide already recalculated from the same original for the same payment day and
 * amount, if any (a second request for that day answers it instead of a second debt).
 */
function recalculatedFor(store: Store, original: CompanyDocument, day: string, cents: number) {
  const queue = [original.id]
  for (let seen = 0; queue.length > 0 && seen < 200; seen++) {
    const id = queue.shift()!
    for (const guide of store.taxGuides.find({ where: { replaces: id } })) {
      const document = store.documents.get(guide.id)
      if (
        document?.status === 'pending' &&
        document.guia?.dueDate === day &&
        toCents(document.guia.amount) === cents
      )
        return { document, guide }
      queue.push(guide.id)
    }
  }
  return null
}

/**
 * The guide for the payment date, replacing the expired one (inside store.write): a new one, or
 * the one already made for that day and amount.
 */
export function issueLateGuide(
  store: Store,
  quote: ReturnType<typeof latePaymentQuote>,
  createdBy: string,
  now: string,
) {
  const { document, original, day, principal, charges } = quote
  const existing = recalculatedFor(store, original, day, charges.total)
  if (existing) return { ...existing, created: false }
  const baseName = original.name
  const issued = issueGuide(store, {
    company: { id: document.companyId },
    kind: original.guia!.kind,
    title: `${baseName} (atualizada para pagamento em ${formatDate(day)})`,
    competence: original.guia!.competence,
    amount: charges.total,
    dueDate: day,
    lines: [
      {
        label: `Valor original (vencimento ${formatDate(original.guia!.dueDate)})`,
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
  // The expired guide says which replaced it (Documentos: "Substituída pela guia de 28/11").
  const expired = store.documents.get(document.id)!
  expired.replacedBy = { documentId: issued.document.id, on: dayInBrazil(now) }
  expired.updatedAt = now
  store.documents.update(expired)
  return { ...issued, created: true }
}

/** The guides a guide recalculated, newest first (each replaced the one after it). */
function replacedBy(store: Store, documentId: string): CompanyDocument[] {
  const chain: CompanyDocument[] = []
  let replaces = store.taxGuides.get(documentId)?.replaces ?? null
  for (let hops = 0; replaces && hops < 50; hops++) {
    const previous = store.documents.get(replaces)
    if (!previous) break
    chain.push(previous)
    replaces = store.taxGuides.get(previous.id)?.replaces ?? null
  }
  return chain
}

/** The closed month a guide belongs to, when it is that month's DAS (or stands for it). */
const monthOfDas = (store: Store, document: CompanyDocument, chain: CompanyDocument[]) => {
  if (!document.guia) return undefined
  const month = store.closedMonths.first({
    where: { companyId: document.companyId, period: document.guia.competence },
  })
  const ids = [document.id, ...chain.map((guide) => guide.id)]
  return month?.dasDocumentId && ids.includes(month.dasDocumentId) ? month : undefined
}

/**
 * A guide paid (by a person, by the bank line matched to it): the expired guides it recalculated
 * are paid with it, at the same moment, and the closed month whose DAS it is (or stands for) is
 * paid. Inside store.write, from a fresh read: the reaction "a paid guide pays its month"
 * (mock-server/domain/reactions.ts).
 */
export function paidGuideSettles(store: Store, documentId: string) {
  const document = store.documents.get(documentId)
  if (!document?.guia || document.status !== 'paid') return
  const at = new Date().toISOString()
  const chain = replacedBy(store, document.id)
  for (const previous of chain) {
    if (previous.status !== 'pending') continue
    previous.status = 'paid'
    previous.paidAt = document.paidAt ?? at
    previous.updatedAt = at
    store.documents.update(previous)
  }
  const month = monthOfDas(store, document, chain)
  if (month && month.status !== 'paid') {
    month.status = 'paid'
    store.closedMonths.update(month)
  }
}

/**
 * A guide's payment undone (its bank match undone; `paidAt` is when it had been paid): the
 * expired guides it had paid with it are due again, and its month is closed, not paid, unless
 * its DAS is still paid. Inside store.write, from a fresh read: the reaction "an undone match
 * unpays" (mock-server/domain/reactions.ts).
 */
export function guidePaymentUndone(store: Store, documentId: string, paidAt: string | null) {
  const document = store.documents.get(documentId)
  // Paid again meanwhile (another line, a person): nothing to undo.
  if (!document?.guia || document.status === 'paid') return
  const at = new Date().toISOString()
  const chain = replacedBy(store, document.id)
  for (const previous of chain) {
    // Paid with this one (the same moment, not by a line of its own).
    if (previous.status !== 'paid' || previous.paidBy || paidAt === null) continue
    if (previous.paidAt !== paidAt) continue
    previous.status = 'pending'
    previous.paidAt = null
    previous.updatedAt = at
    store.documents.update(previous)
  }
  const month = monthOfDas(store, document, chain)
  if (month?.status !== 'paid' || !month.dasDocumentId) return
  if (store.documents.get(month.dasDocumentId)?.status === 'paid') return
  month.status = 'closed'
  store.closedMonths.update(month)
}

/**
 * What a guide's file must say today (`YYYY-MM-DD`): a paid guide and one still in time keep
 * their line; a replaced one names its replacement's day; an expired unpaid one is stamped.
 */
export function guideFileState(store: Store, guide: TaxGuideRecord, today: string): GuideFileState {
  const document = store.documents.get(guide.id)
  if (document?.status === 'paid') return { kind: 'payable' }
  if (document?.replacedBy) return { kind: 'replaced', on: document.replacedBy.on }
  return guide.dueDate < today ? { kind: 'expired' } : { kind: 'payable' }
}

/**
 * Makes the PDF of a guide this product issued when it is asked for and its state (see
 * guideFileState) changed since the file was made; false when the file is not one of them.
 */
export async function renderGuideFile(
  store: Store,
  config: ServerConfig,
  companyId: string,
  fileName: string,
  today: string,
): Promise<boolean> {
  const guide = store.taxGuides.first({ where: { companyId, fileName } })
  const company = store.companies.get(companyId)
  if (!guide || !company) return false
  const { dir, file } = filePath(config, companyId, fileName)
  const state = JSON.stringify(guideFileState(store, guide, today))
  // The state the file on disk was made in, beside it (a file made before there was one: payable).
  const stateFile = path.join(dir, `.${fileName}.state`)
  const made = existsSync(file)
    ? await fs.readFile(stateFile, 'utf8').catch(() => JSON.stringify({ kind: 'payable' }))
    : null
  if (made === state) return true
  const bytes = await guidePdf(company, guide, JSON.parse(state) as GuideFileState)
  await fs.mkdir(dir, { recursive: true })
  // Written beside and renamed into place: a download at the same moment never reads half a file.
  const temp = path.join(dir, `.${fileName}.${randomUUID()}.tmp`)
  await fs.writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE })
  await fs.rename(temp, file)
  await fs.writeFile(stateFile, state, { mode: PRIVATE_FILE_MODE })
  return true
}
