import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { formatCnpj, generateCnpj } from '@brazilian-utils/brazilian-utils'
import type { BankTransaction } from '../src/schemas/bank'
import { addMonths, monthsFrom, todayInBrazil } from '../src/kernel/dates'
import type { Company } from '../src/schemas/company'
import type { NfsRequest } from '../src/schemas/invoice'
import { migratedCompany } from '../mock-server/domain/companies/company-records'
import { issuedNfsRequest } from '../mock-server/domain/invoices/requests'
import { benchInvoice, benchLine } from './bench-kit'
import type { PayrollRecord } from '../src/schemas/simples/api'
import type { CollectionName, Model, RecordOf } from '../mock-server/model'
import { buildSeed } from '../mock-server/seed/index'
import { payrollRecordOf } from '../mock-server/domain/simples/payroll'
import { layoutVersion, Store } from '../mock-server/store/database'
import { openYears } from '../mock-server/domain/year-end/open-years'
import { attachRegistry } from '../mock-server/domain/companies/registry'
import { standInRegistry } from '../mock-server/stand-ins/receita-cnpj/registry'

// The data set of `npm run bench:scale` (scripts/bench-scale.ts): a firm of the size of the
// largest online accounting firms, on the demo's seed.
//
// - 100,000 companies whose month the accountant closes: 6 in 10 services under the fator R
//   (Annex III or V), 2 in 10 Annex IV (CPP outside the DAS), 2 in 10 MEI; a tenth of the
//   Simples ones with employees (salaries and FGTS on the payroll). Each has twelve months of
//   issued NFS-e, and each Simples one twelve months of payroll, up to last month.
// - ana's company with 1,000,000 lines on her Cora account (a company that sells by PIX, about
//   three years of it) and 200,000 issued NFS-e, each for one of the credits: 7 in 10 paid by a
//   credit that names the taker's CNPJ (matched by the rules), 2 in 10 by one that does not
//   (suggested), 1 in 10 not paid yet (the payments of the 1,000-line import pay them).
//
// Built through the store's bulk path (Store.bulkLoad: batches, the indexes built once), into a
// folder named by the data set's version: the next run reuses it; a new version (this file, the
// store's layout, the sizes or the month changed) builds another and removes the old ones.

export type ScaleSize = {
  companies: number
  /** Lines of ana's Cora account, and her invoices among them. */
  lines: number
  invoices: number
}

export const FULL_SIZE: ScaleSize = { companies: 100_000, lines: 1_000_000, invoices: 200_000 }
/** The smoke: every row of the bench once, in seconds (`npm run bench:scale -- --smoke`). */
export const SMOKE_SIZE: ScaleSize = { companies: 400, lines: 4_000, invoices: 800 }

export const SCALE_COMPANY = 'cmp-ana-design'
export const SCALE_ACCOUNT = 'acc-ana-cora'
/** The Simples months span the twelve months up to this one: the queue closes it. */
export const scalePeriod = () => addMonths(todayInBrazil().slice(0, 7), -1)
export const scaleCompanyId = (i: number) => `cmp-scale-${String(i).padStart(6, '0')}`

/** Records per transaction of the bulk path. */
const BATCH = 5_000

/** Takers of ana's invoices: 500 distinct valid CNPJs (head offices), drawn for each build. */
function drawTakers() {
  const takers = new Set<string>()
  while (takers.size < 500) takers.add(generateCnpj({ branch: 1 }))
  return [...takers]
}

const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

// ---- the 100,000 companies ----

type Kind = 'fator-r' | 'annex-iv' | 'mei'
const kindOf = (i: number): Kind => (i % 10 < 6 ? 'fator-r' : i % 10 < 8 ? 'annex-iv' : 'mei')
const activities: Record<Kind, string[]> = {
  'fator-r': ['6201501'],
  'annex-iv': ['6911701'],
  mei: ['9511800'],
}
/** A tenth of the Simples companies pay salaries. */
const hasEmployees = (i: number) => kindOf(i) !== 'mei' && i % 10 === 0

const firstWords = [
  'Água',
  'Alfa',
  'Ápice',
  'Beta',
  'Café',
  'Clínica',
  'Ética',
  'Estúdio',
  'Ótica',
  'Oficina',
  'Padaria',
  'Zênite',
]
const secondWords = ['Azul', 'Bela Vista', 'Central', 'do Sul', 'Nova', 'São João', 'União']

function scaleCompany(i: number): Company {
  const kind = kindOf(i)
  const words = `${firstWords[i % firstWords.length]} ${secondWords[(i * 7) % secondWords.length]}`
  return migratedCompany(
    {
      id: scaleCompanyId(i),
      name: `${words} ${(i * 7919) % 100_000} ${kind === 'mei' ? 'MEI' : 'Ltda'}`,
      cnpj: String(80_000_000_000_000 + i * 10),
      trackId: 'migrate-company',
      type: kind === 'mei' ? 'on_person' : 'private_limited',
      size: kind === 'mei' ? 'MEI' : i % 7 === 0 ? 'EPP' : 'ME',
      activities: activities[kind],
    },
    '2024-01-05T12:00:00.000Z',
    { at: '2024-01-10T12:00:00.000Z', by: 'uid-admin' },
  )
}

function scaleInvoice(company: Company, i: number, month: string, m: number): NfsRequest {
  const mei = company.size === 'MEI'
  return issuedNfsRequest(
    {
      companyId: company.id,
      cnpj: company.cnpj!,
      // A MEI stays under its yearly limit; the others bill from R$ 6.000 to R$ 40.000 a month.
      totalValue: mei ? 3_000 + ((i + m * 13) % 2_000) : 6_000 + ((i * 37 + m * 101) % 34_000),
      serviceDescription: mei ? 'Manutenção de computadores' : 'Serviços prestados no mês',
      serviceCode: mei ? '14.01' : company.activities[0] === '6911701' ? '17.14' : '01.02',
      taxationCode: mei ? '140101' : company.activities[0] === '6911701' ? '171401' : '010201',
      municipalityCode: '3550308',
      municipalityName: 'São Paulo/SP',
      issWithheld: !mei && m % 4 === 0,
      issTaxation: 'taxable',
      taker: null,
      date: `${month}-15`,
    },
    { id: `nfs-scale-${i}-${month}`, by: 'uid-admin', at: `${month}-15T12:00:00.000Z` },
    { number: m + 1, at: `${month}-16T15:00:00.000Z`, by: 'uid-admin' },
  )
}

function* batched<T>(count: number, make: (i: number) => Iterable<T>): Generator<T[]> {
  let batch: T[] = []
  for (let i = 0; i < count; i++) {
    for (const item of make(i)) batch.push(item)
    if (batch.length >= BATCH) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

// ---- ana's million lines and 200,000 invoices ----

/** Lines a day: the million lines cover about three years before today. */
const linesPerDay = (size: ScaleSize) => Math.max(1, Math.ceil(size.lines / 1_000))

/** The i-th generated line of ana's account (newest first, from yesterday back). */
function scaleLine(size: ScaleSize, i: number, yesterday: number): BankTransaction {
  const date = new Date(yesterday - Math.floor(i / linesPerDay(size)) * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return benchLine(
    i,
    date,
    { companyId: SCALE_COMPANY, accountId: SCALE_ACCOUNT, tag: 'scale' },
    `${date}T23:00:00.000Z`,
  )
}

function scaleAnaInvoice(
  template: NfsRequest,
  takers: readonly string[],
  line: BankTransaction,
  k: number,
): NfsRequest {
  return benchInvoice(template, line, k, {
    id: `nfs-scale-ana-${k}`,
    number: 1_000_000 + k,
    taker: takers[k % takers.length]!,
  }).request
}

/** The invoice a credit line pays, if any: the credits in turn (PIX and TED), k-th for line i. */
const invoiceOfLine = (i: number) =>
  i % 6 === 0 ? (i / 6) * 2 : i % 6 === 4 ? ((i - 4) / 6) * 2 + 1 : null
/** The k-th invoice's credit line. */
const creditLine = (k: number) => 6 * Math.floor(k / 2) + (k % 2 === 0 ? 0 : 4)
/** Ana's invoices the payments import pays: each tenth one is not paid by its credit. */
export const unpaidInvoiceId = (n: number) => `nfs-scale-ana-${n * 10 + 9}`

// ---- building ----

/** What names a data set: this file, the store's layout, the sizes and the month. */
function versionOf(size: ScaleSize) {
  return createHash('sha256')
    .update(readFileSync(import.meta.filename))
    .update(layoutVersion)
    .update(JSON.stringify(size))
    .update(scalePeriod())
    .digest('hex')
    .slice(0, 12)
}

export type ScaleDataSet = {
  /** The folder holding `contabil.db`, to be copied for a run (a run writes). */
  dir: string
  version: string
  built: boolean
  /** How long building it took (0 when reused). */
  ms: number
  size: ScaleSize
  companyIds: string[]
}

/** The data set of `size` under `root` (`root/<version>`), built unless it is there already. */
export async function scaleDataSet(
  root: string,
  size: ScaleSize,
  log = console.log,
): Promise<ScaleDataSet> {
  const version = versionOf(size)
  const dir = path.join(root, version)
  const companyIds = Array.from({ length: size.companies }, (_, i) => scaleCompanyId(i))
  if (existsSync(path.join(dir, 'ready')))
    return { dir, version, built: false, ms: 0, size, companyIds }

  const started = performance.now()
  // Another version's data set goes (each is a few gigabytes).
  if (existsSync(root))
    for (const old of readdirSync(root))
      rmSync(path.join(root, old), { recursive: true, force: true })
  const building = `${dir}.building`
  mkdirSync(building, { recursive: true })
  const seed: Model = buildSeed()
  const template = seed.nfsRequests.find((r) => r.companyId === SCALE_COMPANY && r.taker)
  if (!template) throw new Error(`no invoice of ${SCALE_COMPANY} with a taker in the seed`)
  const store = new Store(path.join(building, 'contabil.db'), () => seed, { log: () => {} })
  try {
    const step = <K extends CollectionName>(
      what: string,
      name: K,
      batches: Iterable<readonly RecordOf<K>[]>,
    ) => {
      const at = performance.now()
      const count = store.bulkLoad(name, batches)
      log(
        `  ${what}: ${count.toLocaleString('en-US')} in ${((performance.now() - at) / 1000).toFixed(1)} s`,
      )
    }
    const period = scalePeriod()
    const months = monthsFrom(addMonths(period, -11), period)
    const at = new Date().toISOString()
    const yesterday = Date.parse(`${shiftDays(todayInBrazil(), -1)}T12:00:00Z`)
    const takers = drawTakers()
    step(
      'companies',
      'companies',
      batched(size.companies, (i) => [scaleCompany(i)]),
    )
    step(
      "NFS-e (the companies' twelve months, ana's invoices)",
      'nfsRequests',
      chain(
        batched(size.companies, (i) => {
          const company = scaleCompany(i)
          return months.map((month, m) => scaleInvoice(company, i, month, m))
        }),
        batched(size.invoices, (k) => [
          scaleAnaInvoice(template, takers, scaleLine(size, creditLine(k), yesterday), k),
        ]),
      ),
    )
    step(
      "revenue before us (the Simples companies' month before the twelve, their RBT12 needs it)",
      'revenueHistories',
      batched(size.companies, (i) => {
        if (kindOf(i) === 'mei') return []
        const company = scaleCompany(i)
        const before = addMonths(period, -12)
        const { totalValue } = scaleInvoice(company, i, before, 0)
        return [
          {
            id: company.id,
            companyId: company.id,
            months: [{ period: before, amount: totalValue }],
            updatedAt: at,
            updatedBy: 'uid-admin',
          },
        ]
      }),
    )
    step(
      'payroll (twelve months of each Simples company)',
      'payrolls',
      batched(size.companies, (i): PayrollRecord[] => {
        if (kindOf(i) === 'mei') return []
        const company = scaleCompany(i)
        const salaries = hasEmployees(i) ? 2_400 + (i % 7) * 150 : 0
        return months.map((month) =>
          payrollRecordOf(
            company,
            month,
            [],
            {
              proLabore: [],
              employees: salaries
                ? [
                    {
                      name: 'Empregado de referência',
                      cpf: '52998224725',
                      salary: salaries,
                      dependents: 0,
                    },
                  ]
                : [],
            },
            // Annex IV only: the whole CPP outside the DAS (RAT 3 %, FAP 1,0000, in the rule's units).
            kindOf(i) === 'annex-iv'
              ? {
                  outside: true,
                  rat: 300,
                  fap: 10_000,
                  annexIvRevenue: 1,
                  totalRevenue: 1,
                  onlyAnnexIv: true,
                }
              : { outside: false },
            'uid-admin',
            at,
          ),
        )
      }),
    )
    step(
      "ana's bank lines",
      'bankTransactions',
      batched(size.lines, (i) => {
        const line = scaleLine(size, i, yesterday)
        // A credit whose invoice names its taker says so in its memo (rule 1 matches it).
        const k = invoiceOfLine(i)
        if (k !== null && k < size.invoices && k % 10 < 7)
          line.description = `PIX RECEBIDO - CLIENTE ${k % 500} - ${formatCnpj(takers[k % takers.length]!, { version: 2 })}`
        return [line]
      }),
    )
    // The folder of a server that has been running (as scripts/bench-simples.ts builds it): every
    // company's years opened by the hourly job (mock-server/domain/year-end/open-years.ts), so the
    // rows measure the steady state and not a first start opening 200,000 years while the full
    // reconciliation and the month close run.
    attachRegistry(store, standInRegistry(store))
    const yearsAt = performance.now()
    const years = await openYears(store)
    log(
      `  the companies' years (year-end queue): ${years.toLocaleString('en-US')} in ${((performance.now() - yearsAt) / 1000).toFixed(1)} s`,
    )
  } finally {
    await store.close()
  }
  writeFileSync(path.join(building, 'ready'), `${new Date().toISOString()}\n`)
  renameSync(building, dir)
  return {
    dir,
    version,
    built: true,
    ms: Math.round(performance.now() - started),
    size,
    companyIds,
  }
}

function* chain<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part
}
