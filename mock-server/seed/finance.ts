import { addDays, differenceInCalendarMonths, parse } from 'date-fns'
import { z } from 'zod'
import {
  bankConnectionSchema,
  bankAccountSchema,
  bankTransactionSchema,
  coraAuthorizationSchema,
  taxCategorySchema,
  type BankAccount,
  type BankConnection,
  type BankTransaction,
  type CoraAuthorization,
} from '../../src/schemas/bank'
import { companySchema } from '../../src/schemas/company'
import {
  collectionCheckDigit,
  documentSchema,
  documentTypeSchema,
  guiaKindSchema,
  type CompanyDocument,
} from '../../src/schemas/document'
import { monthOf, roundMoney, todayInBrazil } from '../../src/schemas/finance-common'
import { toCents } from '../../src/kernel/money'
import { addDays as shiftCalendarDay, recentMonths } from '../../src/kernel/dates'
import {
  nfsRequestSchema,
  nfsSchedulerSchema,
  type NfsRequest,
  type NfsRequestStatus,
  type NfsScheduler,
} from '../../src/schemas/invoice'
import { newNfsRequest } from '../domain/invoices/requests'
import { newBankTransaction } from '../domain/bank/ledger'
import { runSchedules } from '../domain/invoices/schedules'
import { ibgeCodeOf } from '../formats/nfse/places'
import { cityDirectory } from '../reference/cities'
import {
  loadStatementProfiles,
  rngFor,
  statementKey,
  statementMonth,
} from '../stand-ins/cora/statement-generator'
import { loadFinanceCompanies } from '../stand-ins/cora/company-fixtures'
import { fixture } from '../fixtures'
import type { Model } from '../model'

/** Invoices, schedules, documents, bank accounts and transactions, tax categories. */
export type FinanceData = Pick<
  Model,
  | 'taxCategories'
  | 'nfsRequests'
  | 'nfsSchedulers'
  | 'documents'
  | 'bankConnections'
  | 'bankAccounts'
  | 'bankTransactions'
  | 'coraAuthorizations'
>

/** Months of history the fixtures cover (this month included). */
export const HISTORY_MONTHS = 14

/** The one-time Cora code the seed holds for ana's company (contract example, tests). */
export const SEEDED_CORA_CODE = 'cora-code-demo-ana'
/** The state of that authorization, which the exchange must hand back with the code. */
export const SEEDED_CORA_STATE = 'cora-state-demo-ana'

const documentFixtureSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  type: documentTypeSchema,
  name: z.string(),
  fileName: z.string(),
  status: documentSchema.shape.status,
  sentBy: documentSchema.shape.sentBy,
  monthsAgo: z.number().int().min(0),
  day: z.number().int().min(1).max(28),
  rejectionReason: z.string().optional(),
  guia: z
    .object({ kind: guiaKindSchema, dueDay: z.number().int().min(1).max(28), amount: z.number() })
    .optional(),
})

const REJECTION_REASONS = [
  'Código de serviço incompatível com as atividades (CNAE) do prestador.',
  'CEP do tomador não corresponde ao município informado.',
  'Tomador informou o CNPJ de outra filial; confirme o documento.',
]

/** Documents that belong to a month (the rest, like a contrato social, have no competence). */
const MONTHLY_DOCUMENTS = new Set<CompanyDocument['type']>([
  'comprovante',
  'extrato',
  'nota-fiscal',
])

/**
 * A guia's linha digitável as the Receita prints it: a FEBRABAN collection slip (product 8,
 * segment 5 — government — value with modulo-11 check digits) carrying the amount, the Receita's
 * collector code 0328 and a reference made from the document's id.
 */
export function collectionSlipLine(amount: number, reference: string): string {
  const rng = rngFor(`slip:${reference}`)
  const free = Array.from({ length: 25 }, () => String(rng.int(0, 9))).join('')
  const value = String(toCents(amount)).padStart(11, '0')
  const body = `858${value}0328${free}`
  const barcode = `${body.slice(0, 3)}${collectionCheckDigit('8', body)}${body.slice(3)}`
  return [0, 1, 2, 3]
    .map((block) => barcode.slice(block * 11, block * 11 + 11))
    .map((part) => `${part}${collectionCheckDigit('8', part)}`)
    .join('')
}

/** The IBGE municipality of an address (by name and state, accents and case ignored). */
function municipalityOf(address: { city: string; state: string } | null) {
  const code = ibgeCodeOf(address)
  const city = cityDirectory().all.find((c) => c.ibgeCode === code)
  if (!city) throw new Error(`finance fixture: no IBGE municipality for ${address?.city ?? 'null'}`)
  return city
}

/** `YYYY-MM-DD` + hour in Brazil (UTC−3) as an ISO instant. */
const instant = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString()

const shiftDay = shiftCalendarDay

const monthsBetween = (from: string, to: string) =>
  differenceInCalendarMonths(
    parse(`${to}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1)),
    parse(`${from}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1)),
  )

/**
 * The status an invoice of the fixtures has by its age: older months issued (a few rejected),
 * last month mostly issued, this month pending or processing. Histories and NFS-e numbers follow.
 */
function settleRequest(request: NfsRequest, today: string, forced?: NfsRequestStatus) {
  const rng = rngFor(request.id)
  const age = monthsBetween(monthOf(request.date), monthOf(today))
  let status: NfsRequestStatus = forced ?? 'pending'
  if (!forced) {
    if (age >= 2) status = rng.chance(0.93) ? 'issued' : 'rejected'
    else if (age === 1)
      status = rng.chance(0.8) ? 'issued' : rng.chance(0.5) ? 'processing' : 'rejected'
    else status = rng.chance(0.6) ? 'pending' : 'processing'
  }
  const created = instant(request.date, 9 + rng.int(0, 2))
  const history: NfsRequest['statusHistory'] = [
    { from: null, to: 'pending', at: created, by: request.createdBy },
  ]
  let last = created
  if (status !== 'pending') {
    last = instant(request.date, 14)
    history.push({ from: 'pending', to: 'processing', at: last, by: 'uid-admin' })
  }
  if (status === 'issued' || status === 'rejected') {
    const done = shiftDay(request.date, rng.int(1, 3))
    last = instant(done <= today ? done : request.date, 17)
    const reason = status === 'rejected' ? rng.pick(REJECTION_REASONS) : undefined
    history.push({
      from: 'processing',
      to: status,
      at: last,
      by: 'uid-admin',
      ...(reason ? { reason } : {}),
    })
    request.rejectionReason = reason ?? null
    request.issuedAt = status === 'issued' ? last : null
  }
  request.status = status
  request.statusHistory = history
  request.createdAt = created
  request.updatedAt = last
}

/**
 * Nothing the seed says happened is later than `now`: the days are laid out at fixed hours (an
 * import at 23:00, a sync at 06:00, an invoice asked at 09:00), and on the day the seed runs those
 * hours may still be ahead ("Última importação 27/11, 23:00" read at 11:30). Such a moment is
 * `now` instead; order within a record's history is kept (never later than the next step).
 */
function notAfter(
  now: Date,
  data: Pick<FinanceData, 'nfsRequests' | 'documents' | 'bankConnections' | 'bankTransactions'>,
) {
  const latest = now.toISOString()
  const clamp = (iso: string) => (iso > latest ? latest : iso)
  const clampOrNull = (iso: string | null) => (iso === null ? null : clamp(iso))
  for (const request of data.nfsRequests) {
    request.createdAt = clamp(request.createdAt)
    request.updatedAt = clamp(request.updatedAt)
    request.issuedAt = clampOrNull(request.issuedAt)
    for (const change of request.statusHistory) change.at = clamp(change.at)
  }
  for (const document of data.documents) {
    document.createdAt = clamp(document.createdAt)
    document.updatedAt = clamp(document.updatedAt)
    document.reviewedAt = clampOrNull(document.reviewedAt)
    document.paidAt = clampOrNull(document.paidAt)
  }
  for (const connection of data.bankConnections)
    connection.lastSyncAt = clamp(connection.lastSyncAt)
  for (const transaction of data.bankTransactions)
    transaction.importedAt = clamp(transaction.importedAt)
}

/** The whole finance data set, anchored on `now` (the demo always shows the last 14 months). */
export function seedFinance(now: Date = new Date()): FinanceData {
  const today = todayInBrazil(now)
  const months = recentMonths(today, HISTORY_MONTHS)
  const taxCategories = z.array(taxCategorySchema).parse(fixture('finance/tax-categories.json'))
  const categoryIds = new Set(taxCategories.map((c) => c.id))
  const companies = z
    .array(companySchema)
    .parse(fixture('companies.json'))
    .map((c) => ({ id: c.id, name: c.name, cnpj: c.cnpj, status: c.status, address: c.address }))
  const profiles = loadStatementProfiles()

  const nfsRequests: NfsRequest[] = []
  const nfsSchedulers: NfsScheduler[] = []
  const bankAccounts: BankAccount[] = []
  const bankConnections: BankConnection[] = []
  const bankTransactions: BankTransaction[] = []
  const forcedStatus = new Map<string, NfsRequestStatus>()

  for (const fin of loadFinanceCompanies()) {
    const company = companies.find((c) => c.id === fin.companyId)
    if (!company?.cnpj) throw new Error(`finance fixture: ${fin.companyId} has no CNPJ`)
    const rng = rngFor(`invoices:${fin.companyId}`)
    // Services are provided where the company is.
    const municipality = municipalityOf(company.address)
    const body = (takerIndex: number, serviceIndex: number) => {
      const taker = fin.takers[takerIndex]
      const service = fin.services[serviceIndex]
      if (!taker || !service) throw new Error(`finance fixture: bad index in ${fin.companyId}`)
      return {
        cnpj: company.cnpj as string,
        serviceDescription: service.description,
        serviceCode: service.code,
        // The national code of the LC 116 subitem with its first detail (`17.06` → `170601`).
        taxationCode: `${service.code.replace('.', '')}01`,
        municipalityCode: municipality.ibgeCode,
        municipalityName: `${municipality.name}/${municipality.state}`,
        issWithheld: false,
        issTaxation: 'taxable' as const,
        taker: structuredClone(taker),
      }
    }
    const request = (
      id: string,
      date: string,
      totalValue: number,
      fields: ReturnType<typeof body>,
    ): NfsRequest =>
      newNfsRequest(
        { companyId: fin.companyId, ...fields, totalValue: roundMoney(totalValue), date },
        { id, by: fin.createdBy, at: instant(date, 9) },
      )

    // One-off invoices, month by month.
    for (const month of months) {
      const count = rng.int(fin.invoicesPerMonth[0], fin.invoicesPerMonth[1])
      for (let i = 1; i <= count; i++) {
        const serviceIndex = rng.int(0, fin.services.length - 1)
        const service = fin.services[serviceIndex]!
        const day = `${month}-${String(rng.int(1, 28)).padStart(2, '0')}`
        if (day > today) continue
        const value = Math.round(rng.int(service.min, service.max) / 10) * 10
        const id = `nfs-${fin.companyId.slice(4)}-${month}-${i}`
        nfsRequests.push(
          request(id, day, value, body(rng.int(0, fin.takers.length - 1), serviceIndex)),
        )
      }
    }
    for (const pin of fin.pinned) {
      nfsRequests.push(request(pin.id, today, pin.totalValue, body(pin.taker, pin.service)))
      forcedStatus.set(pin.id, pin.status)
    }

    for (const s of fin.schedulers) {
      const createdAt = instant(`${months[months.length - 1 - s.monthsAgo]}-01`, 10)
      nfsSchedulers.push({
        id: s.id,
        companyId: fin.companyId,
        ...body(s.taker, s.service),
        totalValue: s.totalValue,
        dayOfMonth: s.dayOfMonth,
        active: s.active,
        lastRunMonth: null,
        createdAt,
        updatedAt: createdAt,
      })
    }

    // Bank accounts and their statements.
    const takerNames = fin.takers.map((t) => t.name)
    for (const spec of fin.accounts) {
      const profile = profiles[spec.profile]
      if (!profile) throw new Error(`finance fixture: unknown statement profile ${spec.profile}`)
      const createdAt = instant(`${months[0]}-01`, 8)
      const connectionId = spec.source === 'cora' ? `conn-${spec.id.slice(4)}` : null
      const { ledger, profile: _profile, ...fields } = spec
      const account: BankAccount = {
        ...fields,
        companyId: fin.companyId,
        connectionId,
        currency: 'BRL',
        balance: null,
        balanceDate: null,
        ledgerCode: `1.1.1.02.${ledger}`,
        createdAt,
        updatedAt: createdAt,
      }
      let balance = fin.openingBalance
      let seq = 0
      for (const month of months) {
        const age = months.length - 1 - months.indexOf(month)
        const classifyChance = age >= 2 ? 0.92 : age === 1 ? 0.5 : 0.1
        const parties = { company: company.name, owner: fin.owner, takers: takerNames }
        for (const entry of statementMonth(
          profile,
          parties,
          statementKey(spec.bankId, spec.accountNumber),
          month,
          today,
        )) {
          const { suggestedCategoryId, ...fields } = entry
          if (suggestedCategoryId && !categoryIds.has(suggestedCategoryId))
            throw new Error(`finance fixture: unknown category ${suggestedCategoryId}`)
          const classified =
            suggestedCategoryId !== null && rngFor(entry.fitId + spec.id).chance(classifyChance)
          balance += entry.amount
          bankTransactions.push(
            newBankTransaction(
              fields,
              { companyId: fin.companyId, accountId: spec.id },
              instant(entry.date, 23),
              {
                id: `txn-${spec.id.slice(4)}-${++seq}`,
                taxCategoryId: classified ? suggestedCategoryId : null,
              },
            ),
          )
        }
      }
      account.balance = roundMoney(balance)
      account.balanceDate = today
      bankAccounts.push(account)
      if (connectionId)
        bankConnections.push({
          id: connectionId,
          companyId: fin.companyId,
          provider: 'cora',
          status: 'active',
          accountIds: [spec.id],
          createdAt,
          lastSyncAt: instant(today, 6),
        })
    }
  }

  // The schedules' requests so far, exactly as the hourly job makes them.
  const run = runSchedules({ companies, nfsSchedulers, nfsRequests }, now)
  nfsRequests.push(...run.created)
  for (const { schedulerId, lastRunMonth } of run.handled) {
    const scheduler = nfsSchedulers.find((s) => s.id === schedulerId)
    if (scheduler) scheduler.lastRunMonth = lastRunMonth
  }
  for (const request of nfsRequests) settleRequest(request, today, forcedStatus.get(request.id))
  // NFS-e numbers run per company in the order the notes were issued.
  const issued = nfsRequests
    .filter((r) => r.status === 'issued')
    .sort((a, b) => (a.issuedAt ?? '').localeCompare(b.issuedAt ?? '') || a.id.localeCompare(b.id))
  const numbers = new Map<string, number>()
  for (const r of issued) {
    const next = (numbers.get(r.companyId) ?? 0) + 1
    numbers.set(r.companyId, next)
    r.number = next
  }

  const documents: CompanyDocument[] = z
    .array(documentFixtureSchema)
    .parse(fixture('finance/documents.json'))
    .map((doc) => {
      const month = months[months.length - 1 - doc.monthsAgo] as string
      let day = `${month}-${String(doc.day).padStart(2, '0')}`
      if (day > today) day = `${month}-01`
      const createdAt = instant(day, 11)
      const reviewed = doc.status === 'approved' || doc.status === 'rejected'
      const reviewedAt = reviewed
        ? instant(shiftDay(day, 1) <= today ? shiftDay(day, 1) : day, 15)
        : null
      const guiaMonth = months[months.length - 2 - doc.monthsAgo] ?? month
      return {
        id: doc.id,
        companyId: doc.companyId,
        type: doc.type,
        name: doc.guia
          ? `${doc.name} – competência ${guiaMonth.slice(5)}/${guiaMonth.slice(0, 4)}`
          : doc.name,
        description: null,
        fileName: doc.fileName,
        status: doc.status,
        guia: doc.guia
          ? {
              kind: doc.guia.kind,
              dueDate: `${month}-${String(doc.guia.dueDay).padStart(2, '0')}`,
              amount: doc.guia.amount,
              competence: guiaMonth,
              digitableLine: collectionSlipLine(doc.guia.amount, doc.id),
            }
          : null,
        competence: doc.guia ? guiaMonth : MONTHLY_DOCUMENTS.has(doc.type) ? month : null,
        sentBy: doc.sentBy,
        createdBy:
          doc.sentBy === 'accountant'
            ? 'uid-admin'
            : doc.companyId.startsWith('cmp-ana')
              ? 'uid-ana'
              : 'uid-eva',
        reviewedBy: reviewed ? 'uid-admin' : null,
        reviewedAt,
        rejectionReason: doc.rejectionReason ?? null,
        paidAt:
          doc.status === 'paid'
            ? instant(
                doc.guia ? `${month}-${String(doc.guia.dueDay - 2).padStart(2, '0')}` : day,
                10,
              )
            : null,
        createdAt,
        updatedAt: reviewedAt ?? createdAt,
      }
    })

  const issuedAt = now.toISOString()
  const coraAuthorizations: CoraAuthorization[] = [
    {
      state: SEEDED_CORA_STATE,
      companyId: 'cmp-ana-design',
      uid: 'uid-ana',
      code: SEEDED_CORA_CODE,
      createdAt: issuedAt,
      expiresAt: addDays(now, 1).toISOString(),
      usedAt: null,
    },
  ]

  notAfter(now, { nfsRequests, documents, bankConnections, bankTransactions })

  // Everything checked by the same schemas the API uses.
  return {
    taxCategories,
    nfsRequests: z.array(nfsRequestSchema).parse(nfsRequests),
    nfsSchedulers: z.array(nfsSchedulerSchema).parse(nfsSchedulers),
    documents: z.array(documentSchema).parse(documents),
    bankConnections: z.array(bankConnectionSchema).parse(bankConnections),
    bankAccounts: z.array(bankAccountSchema).parse(bankAccounts),
    bankTransactions: z.array(bankTransactionSchema).parse(bankTransactions),
    coraAuthorizations: z.array(coraAuthorizationSchema).parse(coraAuthorizations),
  }
}
