import { ISS_MIN_RATE } from '../../../../src/schemas/reconciliation'
import { barcodeOfSlipLine, bankFold, readMemo, type MemoFacts } from './memo'

// The matching rules of bank reconciliation (docs/decisions.md "Bank reconciliation"), as a pure
// function of a company's statement lines, its open invoices and its open tax guides — no store, no
// server. In order:
//
// 1. A credit whose memo names the invoice (its NFS-e number or access key) or the taker's CPF
//    or CNPJ, for exactly what the taker pays (the value less what it withholds), dated from the
//    service date to 90 days after, is matched automatically when it is the only open invoice
//    that qualifies (and the credit is the only line that qualifies for it alone).
// 2. The same amount in that window without a reference is a suggestion, ranked by how close
//    the credit is to the invoice's issue.
// 3. A debit of exactly an open guide's amount within 5 days of its due date, whose memo names
//    the tax ("DAS", "SIMPLES", "RECEITA", "DARF", "INSS" or the guide's kind) or carries the
//    guide's line, is matched automatically (the guide is then paid); without such a memo it is
//    a suggestion. Other debits are not reconciled (there is nothing in the books to pair them
//    with).
// 4. Ties — two invoices or guides that qualify for one line, two lines that qualify for one
//    invoice or guide alone — are suggestions, never automatic. An invoice or a guide is matched
//    to one transaction at most. A credit may pay several invoices of one taker when their
//    amounts add up exactly: a suggestion a person confirms.
//
// The open-source rules peers publish (Actual Budget, ERPNext, Odoo) work the same way: the
// reference first, then the counterparty, then the amount within a date window; ties are never
// matched automatically; one entry is never claimed twice.
//
// Nothing compares every line with every invoice: invoices are indexed by the amount the taker
// pays (cents), by taker document, NFS-e number and access key; guides by amount.

/** Days after the service date a payment still counts for an invoice (rule 1, 2). */
export const INVOICE_WINDOW_DAYS = 90
/** Days around a guide's due date its payment may fall (rule 3). */
export const GUIDE_WINDOW_DAYS = 5
/** Suggestions kept per line. */
export const MAX_SUGGESTIONS = 5
/** Invoices of one taker a several-invoices suggestion looks at (the nearest to the credit). */
const GROUP_POOL = 16
/** Steps the search for several invoices adding up may take per line. */
const GROUP_BUDGET = 4000
/** Groups offered per line. */
const MAX_GROUPS = 3

/** Words that name a tax a guide collects (rule 3), whatever the guide's kind. */
export const TAX_WORDS = ['DAS', 'SIMPLES', 'RECEITA', 'DARF', 'INSS'] as const
/** Transaction types that are income but never a service's payment (interest, dividends). */
const NOT_REVENUE_TYPES = new Set(['INT', 'DIV'])
/** A category that is income but not from services or sales: financial income. */
const NOT_REVENUE_CATEGORY = 'receitas-financeiras'

/**
 * Whether a credit's category says it is not revenue a service or a sale brought in (a transfer,
 * a partner's contribution, a redemption, interest): reconciliation leaves such credits alone.
 */
export const notRevenueCategory = (
  categoryId: string | null,
  categoryKinds: ReadonlyMap<string, CategoryKind>,
) =>
  categoryId !== null &&
  (categoryId === NOT_REVENUE_CATEGORY || categoryKinds.get(categoryId) === 'transfer')

export type CategoryKind = 'income' | 'expense' | 'tax' | 'transfer'

/**
 * Whether the rules have nothing to say about a line before reading it: no amount, or a debit no
 * open guide is of (`guideAmounts`: the open guides' cents). Its outcome is null and it weighs on
 * no other line's, so a run may leave it out of the input (job.ts).
 */
export const outsideRules = (cents: number, guideAmounts: { has(cents: number): boolean }) =>
  cents === 0 || (cents < 0 && !guideAmounts.has(-cents))

/** `compute`, each key's result kept for the next call: for values a run asks for many times. */
export function perKey<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>()
  return (key) => {
    if (known.has(key)) return known.get(key)!
    const value = compute(key)
    known.set(key, value)
    return value
  }
}

/** A statement line as the rules read it. */
export type EngineLine = {
  id: string
  /** `YYYY-MM-DD`. */
  date: string
  /** Signed cents: a credit is positive. */
  cents: number
  /** OFX TRNTYPE. */
  type: string
  memo: string
  categoryId: string | null
  /** `invoice:<id>` / `guide:<id>` a person unmatched from this line: never automatic again. */
  dismissed: readonly string[]
}

/** An open invoice (issued, not yet received) as the rules read it. */
export type EngineInvoice = {
  id: string
  number: number | null
  accessKey: string | null
  /** CPF (11 digits) or CNPJ key (14, upper case); null when the invoice names no taker. */
  takerDocument: string | null
  /** Service (competence) date: the window opens here. */
  date: string
  /** The day it was issued (São Paulo), from which the distance is told. */
  issuedOn: string
  /** The invoice's value, in cents. */
  total: number
  /** What the taker pays, in cents: one amount, or a range when the ISS withheld is unknown. */
  due: { min: number; max: number }
  /** The taker withholds part of the value. */
  withheld: boolean
}

/** An open tax guide (not yet paid by a transaction). */
export type EngineGuide = {
  id: string
  kind: string
  dueDate: string
  cents: number
  /** Its linha digitável, digits only (48), when known. */
  line: string | null
}

export type EngineInput = {
  company: { document: string | null; name: string }
  /** Read once, in order (a run over every line hands them as it lets them go: job.ts). */
  lines: Iterable<EngineLine>
  invoices: readonly EngineInvoice[]
  guides: readonly EngineGuide[]
  /** The chart of accounts: a category's kind, by id. */
  categoryKinds: ReadonlyMap<string, CategoryKind>
  /**
   * What a memo names (memo.ts readMemo, the default): a run passes one that keeps each memo's
   * facts, read again by its several-invoices search and a second pass (job.ts).
   */
  memoOf?: (memo: string) => MemoFacts
  /**
   * Where each line's outcome goes as soon as it is made, once per line (`reconcile` then answers
   * an empty map): a run over every line makes its change then and lets the line go, rather than
   * holding a million outcomes beside the lines until the last is made (job.ts).
   */
  onOutcome?: (lineId: string, outcome: LineOutcome) => void
}

export type EngineMatch =
  | { kind: 'invoice'; invoiceIds: string[]; reasons: string[] }
  | { kind: 'guide'; documentId: string; reasons: string[] }

export type EngineSuggestion =
  | { kind: 'invoice'; id: string; invoiceIds: string[]; score: number; reasons: string[] }
  | { kind: 'guide'; id: string; score: number; reasons: string[] }

/** What the rules make of a line; null when reconciliation has nothing to say about it. */
export type LineOutcome = {
  side: 'credit' | 'debit'
  status: 'matched' | 'suggested' | 'unmatched'
  match: EngineMatch | null
  suggestions: EngineSuggestion[]
  memoDocument: string | null
} | null

// ---- calendar ----

const DAY_MS = 86_400_000
/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
export const dayNumber = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
  DAY_MS

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

type DayEvent = 'emissão' | 'vencimento'
const articles: Record<DayEvent, string> = { emissão: 'da', vencimento: 'do' }

/** "3 dias após a emissão", "no dia da emissão", "2 dias antes do vencimento". */
export function distanceReason(days: number, event: DayEvent) {
  const of = articles[event]
  if (days === 0) return `no dia ${of} ${event}`
  return days > 0
    ? `${plural(days, 'dia', 'dias')} após ${of === 'da' ? 'a' : 'o'} ${event}`
    : `${plural(-days, 'dia', 'dias')} antes ${of} ${event}`
}

const percent = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

// ---- the rules ----

/** What in a memo names an invoice, strongest first. */
type Reference = 'access-key' | 'number' | 'cnpj' | 'cpf'

export const referenceReasons: Record<Reference, string> = {
  'access-key': 'chave de acesso da NFS-e no histórico',
  number: 'número da NFS-e no histórico',
  cnpj: 'CNPJ do tomador no histórico',
  cpf: 'CPF do tomador no histórico',
}

/** Which reference of a memo names an invoice: its access key, its number, its taker. */
function referenceOf(invoice: EngineInvoice, memo: MemoFacts): Reference | null {
  if (invoice.accessKey && memo.accessKeys.includes(invoice.accessKey)) return 'access-key'
  if (invoice.number !== null && memo.numbers.includes(invoice.number)) return 'number'
  if (invoice.takerDocument && memo.documents.includes(invoice.takerDocument))
    return invoice.takerDocument.length === 11 ? 'cpf' : 'cnpj'
  return null
}

/** Rule 1/2 window: from the service date to 90 days after it. */
const inWindow = (lineDay: number, service: number) => {
  return lineDay >= service && lineDay <= service + INVOICE_WINDOW_DAYS
}

/** Whether a debit's memo names the guide: its line, a tax word or the guide's kind (rule 3). */
function guideReference(guide: EngineGuide, memo: MemoFacts): string | null {
  if (
    guide.line &&
    memo.slipDigits.some((d) => d === guide.line || d === barcodeOfSlipLine(guide.line!))
  )
    return 'linha digitável da guia no histórico'
  const word = [...TAX_WORDS, guide.kind].find((w) => memo.words.has(w))
  return word ? `"${word}" no histórico` : null
}

/** The company as its own transfers name it: its CNPJ, and its name as banks print it. */
function ownNames(company: EngineInput['company']) {
  const name = bankFold(company.name)
    .replace(/[^0-9A-Z]+/g, ' ')
    .trim()
  return { document: company.document, name: name.length >= 4 ? ` ${name} ` : null }
}

/** The memo names the company itself (a transfer between its own accounts). */
const namesCompany = (memo: MemoFacts, own: ReturnType<typeof ownNames>) =>
  (own.document !== null && memo.documents.includes(own.document)) ||
  (own.name !== null && memo.plain.includes(own.name))

type Candidate = {
  invoice: EngineInvoice
  reference: Reference | null
  /** Exact amount (rule 1 may apply) or within the range of an unknown ISS. */
  exact: boolean
  distance: number
}

/**
 * Resolves rule 1 / rule 3 claims into automatic matches: a line claims the targets that qualify
 * for it; a target goes to a line when that line's only live claim is it and no other line's only
 * live claim is it too (a tie otherwise). Decided in rounds, all of a round at once from the
 * state it started with, so the outcome does not depend on the order of the lines: a match takes
 * its target out of the other lines' claims, which may leave one of them a single claim for the
 * next round (a taker paying the same amount every month: each payment gets its own month).
 */
export function resolveClaims(claims: ReadonlyMap<string, ReadonlySet<string>>) {
  const live = new Map<string, Set<string>>()
  const holders = new Map<string, Set<string>>()
  for (const [line, targets] of claims) {
    if (targets.size === 0) continue
    live.set(line, new Set(targets))
    for (const target of targets) {
      let set = holders.get(target)
      if (!set) holders.set(target, (set = new Set()))
      set.add(line)
    }
  }
  const matched = new Map<string, string>()
  const closed = new Set<string>()
  let frontier = new Set(holders.keys())
  while (frontier.size > 0) {
    const decisions: [string, string][] = []
    for (const target of frontier) {
      if (closed.has(target)) continue
      let sole: string | null = null
      let count = 0
      for (const line of holders.get(target) ?? []) {
        if (matched.has(line) || live.get(line)!.size !== 1) continue
        sole = line
        count++
      }
      if (count === 1) decisions.push([sole!, target])
    }
    const next = new Set<string>()
    for (const [line, target] of decisions) {
      matched.set(line, target)
      closed.add(target)
    }
    for (const [line, target] of decisions)
      for (const other of holders.get(target) ?? []) {
        if (other === line || matched.has(other)) continue
        const set = live.get(other)!
        set.delete(target)
        if (set.size === 1) next.add(set.values().next().value!)
      }
    frontier = next
  }
  return matched
}

/**
 * Sets of two or more invoices whose amounts add up to exactly `cents` (a depth-first search,
 * largest first, cut off by what the rest can still add and by a budget of steps).
 */
export function groupsSumming(pool: readonly EngineInvoice[], cents: number) {
  const sorted = [...pool].sort((a, b) => b.due.min - a.due.min || a.id.localeCompare(b.id))
  const suffix = new Array<number>(sorted.length + 1).fill(0)
  for (let i = sorted.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + sorted[i]!.due.min
  const found: EngineInvoice[][] = []
  let steps = 0
  const chosen: EngineInvoice[] = []
  const walk = (from: number, left: number) => {
    if (found.length >= MAX_GROUPS || ++steps > GROUP_BUDGET) return
    if (left === 0) {
      if (chosen.length >= 2) found.push([...chosen])
      return
    }
    if (suffix[from]! < left) return
    for (let i = from; i < sorted.length; i++) {
      const amount = sorted[i]!.due.min
      if (amount > left) continue
      chosen.push(sorted[i]!)
      walk(i + 1, left - amount)
      chosen.pop()
      if (found.length >= MAX_GROUPS || steps > GROUP_BUDGET) return
    }
  }
  walk(0, cents)
  return found
}

/** Score (0–100) of an invoice suggestion: amount, reference, closeness to the issue. */
function invoiceScore(base: number, reference: Reference | null, distance: number) {
  const closeness = Math.round(15 * (1 - Math.min(Math.abs(distance), INVOICE_WINDOW_DAYS) / 90))
  const bonus = reference === null ? 0 : reference === 'cnpj' || reference === 'cpf' ? 25 : 35
  return Math.min(100, base + bonus + closeness)
}

/** How the amount agrees: equal, equal once withholdings are taken off, or an ISS rate it implies. */
function amountReason(invoice: EngineInvoice, cents: number) {
  if (invoice.due.min === invoice.due.max)
    return invoice.withheld ? 'mesmo valor, descontadas as retenções' : 'mesmo valor'
  // The ISS withheld is not on the invoice: the rate the credit implies (2 % to 5 %).
  const iss = invoice.due.max + Math.round(invoice.total * ISS_MIN_RATE) - cents
  return `valor compatível com ISS retido de ${percent.format((iss / invoice.total) * 100)} %`
}

/** Applies the four rules to a company's lines (see the top of this file). */
export function reconcile(input: EngineInput): Map<string, LineOutcome> {
  // Each date's day number told once: a credit compares its day with every invoice of its amount.
  const dayOf = perKey(dayNumber)
  const exactByCents = new Map<number, EngineInvoice[]>()
  const ranged: EngineInvoice[] = []
  const byTaker = new Map<string, EngineInvoice[]>()
  const byNumber = new Map<number, EngineInvoice[]>()
  for (const invoice of input.invoices) {
    if (invoice.number !== null) {
      const list = byNumber.get(invoice.number)
      if (list) list.push(invoice)
      else byNumber.set(invoice.number, [invoice])
    }
    if (invoice.due.min === invoice.due.max) {
      const list = exactByCents.get(invoice.due.min)
      if (list) list.push(invoice)
      else exactByCents.set(invoice.due.min, [invoice])
    } else ranged.push(invoice)
    if (invoice.takerDocument) {
      const list = byTaker.get(invoice.takerDocument)
      if (list) list.push(invoice)
      else byTaker.set(invoice.takerDocument, [invoice])
    }
  }
  ranged.sort((a, b) => a.due.min - b.due.min)
  const guidesByCents = new Map<number, EngineGuide[]>()
  for (const guide of input.guides) {
    const list = guidesByCents.get(guide.cents)
    if (list) list.push(guide)
    else guidesByCents.set(guide.cents, [guide])
  }

  /** Invoices whose unknown-ISS range holds `cents` (ranges are 95–98 % of the value). */
  const rangedHolding = (cents: number) => {
    let lo = 0
    let hi = ranged.length
    const floor = Math.floor(cents / 1.04)
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (ranged[mid]!.due.min < floor) lo = mid + 1
      else hi = mid
    }
    const found: EngineInvoice[] = []
    for (let i = lo; i < ranged.length && ranged[i]!.due.min <= cents; i++)
      if (ranged[i]!.due.max >= cents) found.push(ranged[i]!)
    return found
  }

  /** Each taker's invoices with a service day, by that day (positions in byTaker's list). */
  const takerDays = new Map<string, { at: number[]; days: number[] }>()
  /**
   * A taker's invoices whose window (inWindow) holds `day`, in byTaker's order: the only ones of
   * its invoices the several-invoices search can use, where a taker may have hundreds.
   */
  const takerInWindow = (document: string, day: number): EngineInvoice[] => {
    const list = byTaker.get(document)
    if (!list) return []
    let index = takerDays.get(document)
    if (!index) {
      const at = list.flatMap((invoice, i) => (Number.isNaN(dayOf(invoice.date)) ? [] : [i]))
      at.sort((a, b) => dayOf(list[a]!.date) - dayOf(list[b]!.date) || a - b)
      index = { at, days: at.map((i) => dayOf(list[i]!.date)) }
      takerDays.set(document, index)
    }
    const { at, days: serviceDays } = index
    // inWindow: service day from `day` less the window to `day`.
    let lo = 0
    let hi = serviceDays.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (serviceDays[mid]! < day - INVOICE_WINDOW_DAYS) lo = mid + 1
      else hi = mid
    }
    const found: number[] = []
    for (let i = lo; i < serviceDays.length && serviceDays[i]! <= day; i++) found.push(at[i]!)
    return found.sort((a, b) => a - b).map((i) => list[i]!)
  }

  type CreditWork = {
    line: EngineLine
    /** What the second pass reads of the memo (the rest is let go with the first). */
    memo: Pick<MemoFacts, 'documents' | 'numbers'>
    day: number
    candidates: Candidate[]
  }
  type DebitWork = {
    line: EngineLine
    day: number
    candidates: { guide: EngineGuide; reference: string | null; distance: number }[]
  }
  /** Each credit's work until its outcome is made (then let go: see the second pass). */
  const credits: (CreditWork | undefined)[] = []
  const debits: DebitWork[] = []
  const outcomes = new Map<string, LineOutcome>()
  const settle =
    input.onOutcome ??
    ((lineId: string, outcome: LineOutcome) => void outcomes.set(lineId, outcome))
  const invoiceClaims = new Map<string, Set<string>>()
  const guideClaims = new Map<string, Set<string>>()

  const own = ownNames(input.company)
  const memoOf = input.memoOf ?? readMemo
  for (const line of input.lines) {
    // A debit is read only if a guide of its amount is open: most are none of this.
    if (outsideRules(line.cents, guidesByCents)) {
      settle(line.id, null)
      continue
    }
    const guidesOfAmount = line.cents < 0 ? guidesByCents.get(-line.cents) : undefined
    const memo = memoOf(line.memo)
    const day = dayOf(line.date)
    if (line.cents > 0) {
      if (
        NOT_REVENUE_TYPES.has(line.type) ||
        notRevenueCategory(line.categoryId, input.categoryKinds) ||
        namesCompany(memo, own)
      ) {
        settle(line.id, null)
        continue
      }
      const candidates: Candidate[] = []
      for (const invoice of [...(exactByCents.get(line.cents) ?? []), ...rangedHolding(line.cents)])
        if (inWindow(day, dayOf(invoice.date)))
          candidates.push({
            invoice,
            reference: referenceOf(invoice, memo),
            exact: invoice.due.min === invoice.due.max,
            distance: day - dayOf(invoice.issuedOn),
          })
      // No invoice of its amount in reach and neither a taker nor a number in its memo: the
      // second pass has nothing to find for it (no suggestion, no several-invoices search), so
      // its outcome is made now and its work not held (scripts/bench-scale.ts, the memory row).
      if (candidates.length === 0 && memo.documents.length === 0 && memo.numbers.length === 0) {
        settle(line.id, {
          side: 'credit',
          status: 'unmatched',
          match: null,
          suggestions: [],
          memoDocument: null,
        })
        continue
      }
      const claims = new Set(
        candidates
          .filter(
            (c) =>
              c.exact &&
              c.reference !== null &&
              !line.dismissed.includes(`invoice:${c.invoice.id}`),
          )
          .map((c) => c.invoice.id),
      )
      if (claims.size > 0) invoiceClaims.set(line.id, claims)
      credits.push({
        line,
        memo: { documents: memo.documents, numbers: memo.numbers },
        day,
        candidates,
      })
    } else {
      const candidates: DebitWork['candidates'] = []
      for (const guide of guidesOfAmount ?? []) {
        const distance = day - dayOf(guide.dueDate)
        if (Math.abs(distance) <= GUIDE_WINDOW_DAYS)
          candidates.push({ guide, reference: guideReference(guide, memo), distance })
      }
      const claims = new Set(
        candidates
          .filter((c) => c.reference !== null && !line.dismissed.includes(`guide:${c.guide.id}`))
          .map((c) => c.guide.id),
      )
      if (claims.size > 0) guideClaims.set(line.id, claims)
      if (candidates.length > 0) debits.push({ line, day, candidates })
      else settle(line.id, null)
    }
  }

  const invoiceMatches = resolveClaims(invoiceClaims)
  const guideMatches = resolveClaims(guideClaims)
  const closedInvoices = new Set(invoiceMatches.values())
  const closedGuides = new Set(guideMatches.values())

  // Each text of a distance made once: a third of a million outcomes share a few dozen.
  const afterIssue = perKey((days: number) => distanceReason(days, 'emissão'))
  for (let i = 0; i < credits.length; i++) {
    const work = credits[i]!
    // Let go once its outcome is made: a million lines' candidates and their outcomes are not
    // held together (scripts/bench-scale.ts, the memory row).
    credits[i] = undefined
    const { line, memo } = work
    const memoDocument = memo.documents.find((d) => d !== input.company.document) ?? null
    const matchedId = invoiceMatches.get(line.id)
    if (matchedId) {
      const winner = work.candidates.find((c) => c.invoice.id === matchedId)!
      settle(line.id, {
        side: 'credit',
        status: 'matched',
        match: {
          kind: 'invoice',
          invoiceIds: [matchedId],
          reasons: [
            referenceReasons[winner.reference!],
            amountReason(winner.invoice, line.cents),
            afterIssue(winner.distance),
          ],
        },
        suggestions: [],
        memoDocument,
      })
      continue
    }
    const suggestions: (EngineSuggestion & { distance: number })[] = []
    const open = work.candidates.filter((c) => !closedInvoices.has(c.invoice.id))
    for (const c of open) {
      const reasons = [
        ...(c.reference ? [referenceReasons[c.reference]] : []),
        amountReason(c.invoice, line.cents),
        afterIssue(c.distance),
      ]
      if (line.dismissed.includes(`invoice:${c.invoice.id}`))
        reasons.push('conciliação desfeita antes')
      suggestions.push({
        kind: 'invoice',
        id: c.invoice.id,
        invoiceIds: [c.invoice.id],
        score: invoiceScore(c.exact ? 50 : 30, c.reference, c.distance),
        reasons,
        distance: c.distance,
      })
    }
    // Several invoices of one taker paid at once: only when no single invoice fits, and only
    // among the invoices of a taker (or invoices) the memo names.
    if (open.length === 0 && (memo.documents.length > 0 || memo.numbers.length > 0)) {
      const pools = new Map<string, EngineInvoice[]>()
      for (const document of memo.documents)
        for (const invoice of takerInWindow(document, work.day)) addToPool(pools, document, invoice)
      for (const number of memo.numbers)
        for (const invoice of byNumber.get(number) ?? [])
          addToPool(pools, invoice.takerDocument ?? `sem-tomador:${invoice.id}`, invoice)
      for (const [taker, pool] of pools) {
        const usable = pool
          .filter(
            (i) =>
              i.due.min === i.due.max &&
              i.due.min < line.cents &&
              !closedInvoices.has(i.id) &&
              inWindow(work.day, dayOf(i.date)),
          )
          .sort(
            (a, b) =>
              Math.abs(work.day - dayOf(a.issuedOn)) - Math.abs(work.day - dayOf(b.issuedOn)) ||
              a.id.localeCompare(b.id),
          )
          .slice(0, GROUP_POOL)
        const reference: Reference | null = memo.documents.includes(taker)
          ? taker.length === 11
            ? 'cpf'
            : 'cnpj'
          : memo.numbers.length > 0
            ? 'number'
            : null
        for (const group of groupsSumming(usable, line.cents)) {
          const farthest = Math.max(...group.map((i) => work.day - dayOf(i.issuedOn)))
          const nearest = Math.min(...group.map((i) => work.day - dayOf(i.issuedOn)))
          const ids = group.map((i) => i.id).sort()
          suggestions.push({
            kind: 'invoice',
            id: ids[0]!,
            invoiceIds: ids,
            score: invoiceScore(35, reference, farthest),
            reasons: [
              `soma de ${group.length} notas do mesmo tomador`,
              ...(reference ? [referenceReasons[reference]] : []),
              nearest === farthest
                ? afterIssue(farthest)
                : `de ${nearest} a ${farthest} dias após a emissão`,
            ],
            distance: farthest,
          })
        }
      }
    }
    settle(line.id, {
      side: 'credit',
      status: suggestions.length > 0 ? 'suggested' : 'unmatched',
      match: null,
      suggestions: ranked(suggestions),
      memoDocument,
    })
  }

  for (const work of debits) {
    const { line } = work
    const matchedId = guideMatches.get(line.id)
    if (matchedId) {
      const winner = work.candidates.find((c) => c.guide.id === matchedId)!
      settle(line.id, {
        side: 'debit',
        status: 'matched',
        match: {
          kind: 'guide',
          documentId: matchedId,
          reasons: [
            winner.reference!,
            'mesmo valor',
            distanceReason(winner.distance, 'vencimento'),
          ],
        },
        suggestions: [],
        memoDocument: null,
      })
      continue
    }
    const suggestions = work.candidates
      .filter((c) => !closedGuides.has(c.guide.id))
      .map((c) => {
        const reasons = [
          ...(c.reference ? [c.reference] : []),
          'mesmo valor',
          distanceReason(c.distance, 'vencimento'),
        ]
        if (line.dismissed.includes(`guide:${c.guide.id}`))
          reasons.push('conciliação desfeita antes')
        const closeness = Math.round(15 * (1 - Math.abs(c.distance) / (GUIDE_WINDOW_DAYS + 1)))
        return {
          kind: 'guide' as const,
          id: c.guide.id,
          score: Math.min(100, 50 + (c.reference ? 30 : 0) + closeness),
          reasons,
          distance: c.distance,
        }
      })
    // A debit with no open guide of its amount is none of reconciliation's business.
    if (suggestions.length === 0) {
      settle(line.id, null)
      continue
    }
    settle(line.id, {
      side: 'debit',
      status: suggestions.length > 0 ? 'suggested' : 'unmatched',
      match: null,
      suggestions: ranked(suggestions),
      memoDocument: null,
    })
  }
  return outcomes
}

function addToPool(pools: Map<string, EngineInvoice[]>, key: string, invoice: EngineInvoice) {
  const pool = pools.get(key)
  if (!pool) pools.set(key, [invoice])
  else if (!pool.includes(invoice)) pool.push(invoice)
}

/** Best first: score, then the nearest in time, then by id; at most MAX_SUGGESTIONS. */
function ranked<T extends EngineSuggestion & { distance: number }>(list: T[]): EngineSuggestion[] {
  return list
    .sort(
      (a, b) =>
        b.score - a.score ||
        Math.abs(a.distance) - Math.abs(b.distance) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ distance: _distance, ...suggestion }) => suggestion as EngineSuggestion)
}
