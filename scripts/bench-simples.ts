import path from 'node:path'
import { todayInBrazil } from '../src/schemas/finance-common'
import { migratedCompany } from '../mock-server/domain/companies/company-records'
import { issuedNfsRequest } from '../mock-server/domain/invoices/requests'
import { addMonths, monthsFrom } from '../src/kernel/tax'
import type { Model } from '../mock-server/model'
import { buildSeed } from '../mock-server/seed/index'
import { payrollRecordOf } from '../mock-server/domain/simples/payroll'
import { openYears } from '../mock-server/domain/year-end/open-years'
import { attachRegistry } from '../mock-server/domain/companies/registry'
import { standInRegistry } from '../mock-server/stand-ins/receita-cnpj/registry'
import { Store } from '../mock-server/store/database'
import { answered, latencyProbe, percentile } from './latency-probe'
import { benchMs, benchSize, probeAnswered } from './bench-smoke'

// The Simples month under load (`npm run bench:api`): a data set with 10,000 active Simples
// companies, each with 13 months of issued NFS-e (the month closed and its whole RBT12 window) and
// payroll — employees (two, with their INSS, IRRF and FGTS) on a tenth of them; the month of one
// company (p95), the month-close queue's first page, and closing every company's month — 100 a
// request, publishing the DAS, the DCTFWeb DARF and the FGTS guide — while other users' requests
// are timed (an open loop).

export const SIMPLES_COMPANIES = benchSize(Number(process.env.BENCH_SIMPLES_COMPANIES ?? 10_000), 3)

/** The month the queue closes: the last one. */
export const benchPeriod = () => addMonths(todayInBrazil().slice(0, 7), -1)

const benchCompanyId = (i: number) => `cmp-bench-${String(i).padStart(5, '0')}`

/** Two employees of a bench company (valid CPFs, salaries that vary with the company). */
const benchEmployees = (i: number) => [
  { name: 'Joana Pereira Lima', cpf: '52998224725', salary: 2_200 + (i % 7) * 100, dependents: 0 },
  { name: 'Łukasz Nowak', cpf: '11144477735', salary: 3_000, dependents: 1 },
]

/** The demo seed plus the Simples companies, written to a data file of its own. */
export async function simplesDataSet(dataDir: string): Promise<string[]> {
  const seed: Model = buildSeed()
  const period = benchPeriod()
  const months = monthsFrom(addMonths(period, -12), period)
  const at = new Date().toISOString()
  const ids: string[] = []
  for (let i = 0; i < SIMPLES_COMPANIES; i++) {
    const id = benchCompanyId(i)
    ids.push(id)
    const company = migratedCompany(
      {
        id,
        name: `Empresa de Teste ${String(i).padStart(5, '0')} Ltda`,
        cnpj: String(90_000_000_000_000 + i),
        trackId: 'migrate-company',
        type: 'private_limited',
        size: 'ME',
        activities: ['6201501'],
      },
      '2024-01-05T12:00:00.000Z',
      { at: '2024-01-10T12:00:00.000Z', by: 'uid-admin' },
    )
    seed.companies.push(company)
    months.forEach((month, m) => {
      const request = issuedNfsRequest(
        {
          companyId: id,
          cnpj: company.cnpj!,
          totalValue: 6_000 + ((i * 37 + m * 101) % 5_000),
          serviceDescription: 'Desenvolvimento de sistema sob encomenda',
          serviceCode: '01.02',
          taxationCode: '010201',
          municipalityCode: '3550308',
          municipalityName: 'São Paulo/SP',
          issWithheld: m % 4 === 0,
          issTaxation: 'taxable',
          taker: null,
          date: `${month}-15`,
        },
        { id: `nfs-bench-${i}-${month}`, by: 'uid-admin', at: `${month}-15T12:00:00.000Z` },
        { number: m + 1, at: `${month}-16T15:00:00.000Z`, by: 'uid-admin' },
      )
      seed.nfsRequests.push(request)
      seed.payrolls.push(
        payrollRecordOf(
          company,
          month,
          [],
          { proLabore: [], employees: i % 10 === 0 ? benchEmployees(i) : [] },
          { outside: false },
          'uid-admin',
          at,
        ),
      )
    })
  }
  const store = new Store(path.join(dataDir, 'contabil.db'), () => seed, { log: () => {} })
  attachRegistry(store, standInRegistry(store))
  // The folder of a server that has been running: every company's years opened (the server's
  // hourly job, mock-server/domain/year-end/open-years.ts), so the rows measure the steady state
  // and not the first start's catching up.
  await openYears(store)
  await store.close()
  return ids
}

type Row = { name: string; p99?: number; note?: string; check?: { ok: boolean; target: string } }

/** The Simples rows of the bench table, measured against a server over that data set. */
export async function simplesRows(
  api: string,
  headers: { ana: Record<string, string>; admin: Record<string, string> },
  ids: readonly string[],
): Promise<Row[]> {
  const rows: Row[] = []
  const period = benchPeriod()
  const timed = async (url: string, as: Record<string, string>, init: RequestInit = {}) => {
    const started = performance.now()
    const response = await fetch(`${api}${url}`, { ...init, headers: { ...as, ...init.headers } })
    const text = await response.text()
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`)
    return { ms: performance.now() - started, body: JSON.parse(text) as unknown }
  }

  // The month of one company (ana's last month: her invoices by service, payroll, RBT12).
  const monthUrl = `/companies/cmp-ana-design/simples/${period}`
  // Warm-up, as the other rows' 1 s of load before they measure: the route compiled and its
  // statements prepared, so the p95 is the steady state's.
  const warmUntil = performance.now() + benchMs(1_000)
  do await timed(monthUrl, headers.ana)
  while (performance.now() < warmUntil)
  const probe = latencyProbe(() =>
    fetch(`${api}${monthUrl}`, { headers: headers.ana }).then(answered),
  )
  await new Promise((resolve) => setTimeout(resolve, benchMs(5_000, 50)))
  const month = await probe.stop()
  probeAnswered(month, 'the month of one company')
  const p95 = percentile(month, 95)
  rows.push({
    name: `Simples month of one company (GET /companies/{id}/simples/{period}; open loop 100/s, ${month.length} requests, p95 ${Math.round(p95)} ms)`,
    p99: Math.round(percentile(month, 99)),
    check: { ok: p95 <= 20, target: 'p95 ≤ 20' },
  })

  // The month-close queue's first page over the 10,000 companies (and the demo's).
  const queueUrl = `/simples/${period}?limit=25`
  const first = await timed(queueUrl, headers.admin)
  const total = (first.body as { total: number }).total
  const again: number[] = []
  const more = benchSize(20, 1)
  for (let n = 0; n < more; n++) again.push((await timed(queueUrl, headers.admin)).ms)
  const worst = Math.max(first.ms, ...again)
  rows.push({
    name: `month-close queue, first page of ${total.toLocaleString('en-US')} companies (first ${Math.round(first.ms)} ms, p95 of ${more} more ${Math.round(percentile(again, 95))} ms)`,
    check: { ok: worst <= 500, target: '≤ 500 ms' },
  })

  // Closing every month, 100 a request, while others' requests are timed.
  const others = latencyProbe(() =>
    fetch(`${api}/nfs/requests?companyId=cmp-ana-design`, { headers: headers.ana }).then(answered),
  )
  const started = performance.now()
  let closed = 0
  for (let start = 0; start < ids.length; start += 100) {
    const { body } = await timed(`/simples/${period}/close`, headers.admin, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ companyIds: ids.slice(start, start + 100) }),
    })
    closed += (body as { data: { closed: boolean }[] }).data.filter((o) => o.closed).length
  }
  const elapsed = performance.now() - started
  const samples = await others.stop()
  probeAnswered(samples, 'other requests while the months closed')
  if (closed !== ids.length) throw new Error(`closed ${closed} of ${ids.length} months`)
  rows.push({
    name: `closing ${closed.toLocaleString('en-US')} months, 100 a request (${Math.round(elapsed / 1000)} s)`,
    check: { ok: elapsed <= 60_000, target: '≤ 60 s' },
  })
  const p99 = percentile(samples, 99)
  rows.push({
    name: `other requests while the months close (open loop 100/s, ${samples.length} requests)`,
    p99: Math.round(p99),
    check: { ok: p99 <= 250, target: 'p99 ≤ 250' },
  })
  return rows
}
