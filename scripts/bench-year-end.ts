import path from 'node:path'
import type { BankAccount } from '../src/schemas/bank'
import { migratedCompany } from '../mock-server/domain/companies/company-records'
import { todayInBrazil } from '../src/schemas/finance-common'
import { monthCalculation } from '../src/kernel/tax/calculation'
import type { ClosedMonthRecord } from '../src/schemas/simples/api'
import { monthsOfYear, yearMonthOf } from '../src/kernel/tax/year-end/months'
import type { Model } from '../mock-server/model'
import { deriveYear, newYear } from '../mock-server/domain/year-end/company-year'
import type { YearFacts } from '../mock-server/domain/year-end/facts'
import { cnaeCatalog } from '../mock-server/reference/cnaes'
import { buildSeed } from '../mock-server/seed/index'
import { payrollRecordOf } from '../mock-server/domain/simples/payroll'
import { newBankTransaction } from '../mock-server/domain/bank/ledger'
import { Store } from '../mock-server/store/database'
import { percentile } from './latency-probe'
import { benchSize } from './bench-smoke'

// The year-end under load (`npm run bench:api`): a data set of its own with 10,000 active
// Simples companies, each with last year's twelve months closed (the year kept as the queue reads
// it: its row and each month's figures); one of them also with its closed months, payroll,
// distributions and a year of bank statements (2,400 lines) for its DEFIS. Measured one request
// after another, beside anchors of the same run: the health check (the server's floor) and the
// company list's first page (an indexed list of the same 10,000 companies).

export const YEAR_END_COMPANIES = benchSize(
  Number(process.env.BENCH_YEAR_END_COMPANIES ?? 10_000),
  3,
)

/** The year the bench declares: last year (its twelve months are over). */
export const benchYear = () => Number(todayInBrazil().slice(0, 4)) - 1

const companyId = (i: number) => `cmp-year-${String(i).padStart(5, '0')}`
const DEFIS_COMPANY = companyId(0)
const ACTIVITY = '6201501'

/** The demo seed plus the companies and their years, written to a data file of its own. */
export async function yearEndDataSet(dataDir: string) {
  const seed: Model = buildSeed()
  const year = benchYear()
  const months = monthsOfYear(year)
  const activities = cnaeCatalog().taxOf([ACTIVITY])
  const at = new Date().toISOString()
  for (let i = 0; i < YEAR_END_COMPANIES; i++) {
    const id = companyId(i)
    const company = migratedCompany(
      {
        id,
        name: `Empresa Anual ${String(i).padStart(5, '0')} Ltda`,
        cnpj: String(80_000_000_000_000 + i),
        trackId: 'migrate-company',
        type: 'private_limited',
        size: 'ME',
        activities: [ACTIVITY],
      },
      '2023-01-05T12:00:00.000Z',
      { at: '2023-01-10T12:00:00.000Z', by: 'uid-admin' },
    )
    seed.companies.push(company)
    const facts: YearFacts = {
      company,
      regime: 'simples',
      activities,
      openedOn: '2023-01-10',
      activeSince: '2023-01-10',
      partners: [
        {
          partnerId: '52998224725',
          name: 'Sócia Única',
          cpf: '52998224725',
          email: null,
          share: 1,
        },
      ],
    }
    // Each month as the PGDAS-D calculates it (a steady revenue, so RBT12 is twelve of them).
    const monthly = 6_000 + ((i * 37) % 5_000)
    const revenue = Object.fromEntries(
      [...monthsOfYear(year - 1), ...months].map((month) => [month, monthly * 100]),
    )
    const record = newYear(facts, year, at)
    for (const month of months) {
      const calculation = monthCalculation({
        companyId: id,
        period: month,
        regime: 'simples',
        openedOn: facts.openedOn,
        activities,
        revenue,
        payroll: {},
        items: [{ service: '01.02', cnae: null, segment: 'normal', cents: monthly * 100 }],
        declared: [],
        invoices: { count: 1, total: monthly },
      })
      record.months[month] = yearMonthOf(calculation)
      if (id === DEFIS_COMPANY) {
        const closed: ClosedMonthRecord = {
          id: `${id}:${month}`,
          companyId: id,
          period: month,
          status: 'paid',
          calculation,
          dasDocumentId: null,
          darfDocumentId: null,
          fgtsDocumentId: null,
          carry: {
            das: { carriedIn: 0, from: [], carriedOut: 0 },
            darf: { carriedIn: 0, from: [], carriedOut: 0 },
          },
          carriedInto: { das: null, darf: null },
          closedAt: at,
          closedBy: 'uid-admin',
        }
        seed.closedMonths.push(closed)
        seed.payrolls.push(
          payrollRecordOf(
            company,
            month,
            facts.partners,
            { proLabore: [{ partnerId: '52998224725', amount: 3_000 }], employees: [] },
            { outside: false },
            'uid-admin',
            at,
          ),
        )
        seed.distributions.push({
          id: `dist-year-${month}`,
          companyId: id,
          partnerId: '52998224725',
          name: 'Sócia Única',
          cpf: '52998224725',
          date: `${month}-10`,
          amount: 2_000,
          fromResultsUpTo2025: false,
          approvedOn: null,
          irrf: 0,
          monthTotal: 2_000,
          createdAt: at,
          createdBy: 'uid-admin',
        })
      }
    }
    // This year's row too (as the hourly opening of the years would write it).
    seed.companyYears.push(deriveYear(record, facts), newYear(facts, year + 1, at))
  }
  // A year of bank statements for the DEFIS company: 200 lines a month.
  const account: BankAccount = {
    id: 'acc-year-0',
    companyId: DEFIS_COMPANY,
    source: 'ofx',
    connectionId: null,
    bankId: '0341',
    bankName: 'Itaú Unibanco',
    branch: '0001',
    accountNumber: '12345-6',
    accountType: 'CHECKING',
    currency: 'BRL',
    balance: 25_000,
    balanceDate: `${year}-12-31`,
    ledgerCode: '1.1.1.02.001',
    createdAt: at,
    updatedAt: at,
  }
  seed.bankAccounts.push(account)
  const categories = ['software-assinaturas', 'aluguel', 'tarifas-bancarias', null]
  months.forEach((month, m) =>
    Array.from({ length: 200 }, (_, n) => {
      const credit = n % 4 === 0
      seed.bankTransactions.push(
        newBankTransaction(
          {
            fitId: `Y${m}-${n}`,
            date: `${month}-${String(1 + (n % 28)).padStart(2, '0')}`,
            amount: credit ? 300 : -(20 + (n % 50)),
            type: credit ? 'CREDIT' : 'DEBIT',
            description: credit ? 'PIX RECEBIDO' : 'PAGAMENTO',
            checkNumber: null,
          },
          { companyId: DEFIS_COMPANY, accountId: account.id },
          at,
          {
            id: `txn-year-${m}-${n}`,
            taxCategoryId: credit ? null : categories[n % categories.length]!,
          },
        ),
      )
    }),
  )
  await new Store(path.join(dataDir, 'contabil.db'), () => seed, { log: () => {} }).close()
}

type Row = { name: string; p95?: number; p99?: number; check?: { ok: boolean; target: string } }

/** The year-end rows of the bench table, beside the same run's anchors. */
export async function yearEndRows(api: string, admin: Record<string, string>): Promise<Row[]> {
  const year = benchYear()
  const rows: Row[] = []
  const times = async (url: string, count = 40) => {
    const get = async () => {
      const started = performance.now()
      const response = await fetch(`${api}${url}`, { headers: admin })
      const text = await response.text()
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`)
      return { ms: performance.now() - started, body: JSON.parse(text) as { total?: number } }
    }
    const first = await get()
    // Warm: the route compiled and its statements prepared, as a server that has been up.
    for (let n = 0; n < 5; n++) await get()
    const samples: number[] = []
    for (let n = 0; n < count; n++) samples.push((await get()).ms)
    return {
      first: first.ms,
      body: first.body,
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
    }
  }
  const health = await times('/health')
  rows.push({
    name: 'anchor: GET /health, one request after another',
    p95: Math.round(health.p95 * 10) / 10,
    p99: Math.round(health.p99 * 10) / 10,
  })
  const companies = await times('/companies?limit=25')
  rows.push({
    name: `anchor: company list, first page of ${(companies.body.total ?? 0).toLocaleString('en-US')} (GET /companies?limit=25)`,
    p95: Math.round(companies.p95 * 10) / 10,
    p99: Math.round(companies.p99 * 10) / 10,
  })
  const queue = await times(`/year-end/${year}?limit=25`)
  rows.push({
    name: `year-end queue, first page of ${(queue.body.total ?? 0).toLocaleString('en-US')} companies, 12 months each (GET /year-end/${year}; first ${Math.round(queue.first)} ms)`,
    p95: Math.round(queue.p95 * 10) / 10,
    p99: Math.round(queue.p99 * 10) / 10,
    check: {
      ok: queue.p95 <= Math.max(20, companies.p95 * 2),
      target: 'p95 ≤ 2 × company list (≥ 20 ms)',
    },
  })
  const late = await times(`/year-end/${year}?limit=25&status=late&offset=5000`)
  rows.push({
    name: `year-end queue, "late" filter, page 201 (total ${(late.body.total ?? 0).toLocaleString('en-US')})`,
    p95: Math.round(late.p95 * 10) / 10,
    p99: Math.round(late.p99 * 10) / 10,
    check: { ok: late.p95 <= 100, target: 'p95 ≤ 100' },
  })
  const search = await times(`/year-end/${year}?limit=25&query=anual%2009`)
  rows.push({
    name: `year-end queue, search by name ("anual 09": ${(search.body.total ?? 0).toLocaleString('en-US')} found)`,
    p95: Math.round(search.p95 * 10) / 10,
    p99: Math.round(search.p99 * 10) / 10,
    check: { ok: search.p95 <= 100, target: 'p95 ≤ 100' },
  })
  const defis = await times(`/companies/${DEFIS_COMPANY}/defis/${year}`, 20)
  rows.push({
    name: `assembling one company's DEFIS (12 months, payroll, distributions, 2,400 bank lines; first ${Math.round(defis.first)} ms)`,
    p95: Math.round(defis.p95 * 10) / 10,
    p99: Math.round(defis.p99 * 10) / 10,
    check: { ok: defis.p95 <= 100, target: 'p95 ≤ 100' },
  })
  return rows
}
