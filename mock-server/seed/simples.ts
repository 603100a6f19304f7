import { z } from 'zod'
import type { Company } from '../../src/schemas/company'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { addDays, addMonths, revenueSegmentOf } from '../../src/kernel/tax'
import { UnknownTaxYear } from '../../src/kernel/tax/parameters'
import type { CompanyDocument } from '../../src/schemas/document'
import type { NfsRequest } from '../../src/schemas/invoice'
import type { Model, TrackRecord } from '../model'
import { loadFixture } from '../fixtures'
import type { CnpjRegistry } from '../domain/companies/registry'
import { calculate } from '../domain/simples/calculate'
import { companyFactsOf, payrollPartnersOf, registeredPartnersIn } from '../domain/simples/facts'
import { closedMonthRecords } from '../domain/simples/months'
import {
  annexIvSplitOf,
  cppContextOf,
  cppOutsideDas,
  payrollRecordOf,
} from '../domain/simples/payroll'
import { referenceSelicMonths } from '../domain/simples/selic'
import { arraySources, basisOf } from '../domain/simples/sources'

// The seeded months of the Simples Nacional (fixtures/finance/simples.json): the payroll the
// partners drew (typed: it is what happened), and the months the accountant closed — whose DAS,
// DAS-MEI and DCTFWeb DARF come from the calculation over the seeded invoices, never from typed
// amounts. Months are counted back from the current one (`monthsAgo`), like the invoices.

const planSchema = z.array(
  z.object({
    companyId: z.string(),
    by: z.string(),
    payroll: z
      .object({
        proLabore: z.array(z.object({ cpf: z.string(), amount: z.number().min(0) })),
        employees: z.array(
          z.object({
            name: z.string(),
            cpf: z.string(),
            salary: z.number().positive(),
            dependents: z.number().int().min(0),
          }),
        ),
        fromMonthsAgo: z.number().int().min(0),
        toMonthsAgo: z.number().int().min(0),
      })
      .optional(),
    /** Revenue without an invoice the client declared, the same each month (sales of goods). */
    declared: z
      .object({
        fromMonthsAgo: z.number().int().min(0),
        toMonthsAgo: z.number().int().min(0),
        items: z.array(z.object({ cnae: z.string(), amount: z.number().positive() })),
      })
      .optional(),
    closed: z.array(
      z.object({
        monthsAgo: z.number().int().min(0),
        paid: z.boolean(),
        das: z.string(),
        darf: z.string().optional(),
      }),
    ),
    /**
     * The older months of the history the accountant closed and the client paid, one after the
     * other (their guides named by company and period): the year before has closed months.
     */
    closedPaid: z
      .object({ fromMonthsAgo: z.number().int().min(0), toMonthsAgo: z.number().int().min(0) })
      .optional(),
  }),
)

export type SimplesData = Pick<
  Model,
  | 'payrolls'
  | 'declaredRevenues'
  | 'closedMonths'
  | 'taxGuides'
  | 'documents'
  | 'revenueHistories'
  | 'selicMonths'
>

/**
 * A seeded company's facts, as the domain reads a stored one's (domain/simples/facts.ts): the
 * start of activity is what `registry` answers, the partners its track's registration.
 */
export const seededFactsOf = (
  company: Company,
  tracks: readonly TrackRecord[],
  registry: CnpjRegistry,
) =>
  companyFactsOf(
    company,
    registry,
    registeredPartnersIn(tracks.find((track) => track.companyId === company.id)),
  )

const instant = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString()

/** A month's problems that mean its year's parameters are not published yet (seedSimples). */
const UNPUBLISHED_PROBLEMS = new Set(['unknown-year', 'unknown-calendar'])

export function seedSimples(
  data: {
    companies: Company[]
    tracks: TrackRecord[]
    nfsRequests: NfsRequest[]
    /** The Receita's registry as the seed asks it (mock-server/seed/index.ts). */
    registry: CnpjRegistry
  },
  now: Date = new Date(),
): SimplesData {
  const today = todayInBrazil(now)
  const current = today.slice(0, 7)
  const out: SimplesData = {
    payrolls: [],
    declaredRevenues: [],
    closedMonths: [],
    taxGuides: [],
    documents: [],
    revenueHistories: [],
    selicMonths: referenceSelicMonths(now.toISOString()),
  }
  // A store-like sink for the records the close writes.
  const sink = {
    documents: { insert: (d: CompanyDocument) => out.documents.push(d) },
    taxGuides: { insert: (g: SimplesData['taxGuides'][number]) => out.taxGuides.push(g) },
    closedMonths: {
      insert: (m: SimplesData['closedMonths'][number]) => out.closedMonths.push(m),
      find: (query: { where: { companyId: string } }) =>
        out.closedMonths.filter((m) => m.companyId === query.where.companyId),
      update: () => {},
    },
    payrolls: {
      get: (id: string) => out.payrolls.find((p) => p.id === id),
      put: (record: SimplesData['payrolls'][number]) => {
        const index = out.payrolls.findIndex((p) => p.id === record.id)
        if (index >= 0) out.payrolls[index] = record
        else out.payrolls.push(record)
      },
    },
  }
  const invoices = data.nfsRequests.map((request) => ({
    companyId: request.companyId,
    status: request.status,
    date: request.date,
    totalValue: request.totalValue,
    serviceCode: request.serviceCode,
    segment: revenueSegmentOf(request),
  }))
  const sources = arraySources({
    invoices,
    payrolls: out.payrolls,
    declared: out.declaredRevenues,
  })

  /**
   * Years whose minimum wage, INSS table or holidays src/kernel/tax/parameters.ts does not have
   * yet (they are published at the turn of the year): their months are left as the product
   * leaves them — no payroll, not closed, the screens saying which values are missing. Any other
   * problem of a month the plan closes is the fixture's mistake.
   */
  const unpublished = new Set<number>()
  for (const plan of loadFixture('finance/simples.json', planSchema)) {
    const found = data.companies.find((c) => c.id === plan.companyId)
    const facts = found && seededFactsOf(found, data.tracks, data.registry)
    if (!facts) throw new Error(`finance/simples.json: ${plan.companyId} is not a Simples company`)
    const { company } = facts
    const calculated = (period: string) => calculate(facts, period, basisOf(sources, facts, period))
    if (plan.payroll) {
      const partners = payrollPartnersOf(facts.partners)
      for (let ago = plan.payroll.fromMonthsAgo; ago >= plan.payroll.toMonthsAgo; ago--) {
        const period = addMonths(current, -ago)
        const at = instant(`${addMonths(period, 1)}-03`, 10)
        // The Annex IV share of the CPP follows the month's revenue split.
        const split = cppOutsideDas(facts)
          ? annexIvSplitOf(calculated(period))
          : { annexIv: 0, total: 0 }
        let payroll: ReturnType<typeof payrollRecordOf>
        try {
          payroll = payrollRecordOf(
            company,
            period,
            partners,
            {
              proLabore: plan.payroll.proLabore.map(({ cpf, amount }) => ({
                partnerId: cpf,
                amount,
              })),
              employees: plan.payroll.employees,
            },
            cppContextOf(facts, split),
            plan.by,
            at < now.toISOString() ? at : now.toISOString(),
          )
        } catch (error) {
          if (!(error instanceof UnknownTaxYear)) throw error
          unpublished.add(error.year)
          continue
        }
        out.payrolls.push(payroll)
      }
    }
    if (plan.declared)
      for (let ago = plan.declared.fromMonthsAgo; ago >= plan.declared.toMonthsAgo; ago--) {
        const period = addMonths(current, -ago)
        const at = instant(`${addMonths(period, 1)}-02`, 9)
        out.declaredRevenues.push({
          id: `${company.id}:${period}`,
          companyId: company.id,
          period,
          items: plan.declared.items.map((item) => ({ ...item, annex: null })),
          updatedAt: at < now.toISOString() ? at : now.toISOString(),
          updatedBy: plan.by,
        })
      }
    const older = plan.closedPaid
      ? Array.from(
          { length: plan.closedPaid.fromMonthsAgo - plan.closedPaid.toMonthsAgo + 1 },
          (_, index) => {
            const monthsAgo = plan.closedPaid!.fromMonthsAgo - index
            const key = `${company.id.slice(4)}-${addMonths(current, -monthsAgo)}`
            return { monthsAgo, paid: true, das: `doc-${key}-das`, darf: `doc-${key}-darf` }
          },
        )
      : []
    const closes = [...older, ...plan.closed].sort((a, b) => b.monthsAgo - a.monthsAgo)
    if (new Set(closes.map((close) => close.monthsAgo)).size < closes.length)
      throw new Error(`finance/simples.json: ${company.id} closes a month twice`)
    for (const close of closes) {
      const period = addMonths(current, -close.monthsAgo)
      const calculation = calculated(period)
      if (calculation.problems.length > 0) {
        if (!calculation.problems.every((problem) => UNPUBLISHED_PROBLEMS.has(problem.code)))
          throw new Error(
            `finance/simples.json: ${company.id} ${period} cannot close: ${calculation.problems.map((p) => p.message).join(' ')}`,
          )
        unpublished.add(Number(period.slice(0, 4)))
        continue
      }
      const candidate = instant(`${addMonths(period, 1)}-05`, 11)
      const closedAt = candidate < now.toISOString() ? candidate : now.toISOString()
      const { das, darf } = closedMonthRecords(sink, facts, calculation, plan.by, closedAt, {
        das: close.das,
        darf: close.darf,
      })
      if (close.paid) {
        for (const guide of [das, darf]) {
          if (!guide) continue
          const paidDay = addDays(guide.document.guia!.dueDate, -1)
          guide.document.status = 'paid'
          guide.document.paidAt = instant(paidDay <= today ? paidDay : today, 10)
          guide.document.updatedAt = guide.document.paidAt
        }
        out.closedMonths.at(-1)!.status = 'paid'
      }
    }
  }
  if (unpublished.size > 0) {
    const years = [...unpublished].sort().join(', ')
    console.warn(
      `[seed] Sem salário mínimo, tabela do INSS ou feriados de ${years} em src/kernel/tax/parameters.ts: os meses de ${years} ficam sem folha e abertos.`,
    )
  }
  return out
}
