import { readFileSync } from 'node:fs'
import { getDaysInMonth, parse, subMonths, format } from 'date-fns'
import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { z } from 'zod'
import { bankText, transactionTypes, type BankTransaction } from '../../../src/schemas/bank'
import { fromCents, toCents } from '../../../src/schemas/finance-common'

// Deterministic bank statements for the fixtures and the Cora stand-in: a month of an account is
// always the same entries (a PRNG seeded by account and month), so a statement generated twice,
// or a Cora sync over a seeded account, repeats the same FITIDs and de-duplicates.

const entrySchema = z.object({
  text: z.string().min(3),
  type: z.enum(transactionTypes),
  category: z.string().nullable(),
  day: z.number().int().min(1).max(31).optional(),
  perMonth: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
  chance: z.number().min(0).max(1).optional(),
  amount: z.tuple([z.number().nonnegative(), z.number().nonnegative()]),
})
export const statementProfileSchema = z.object({
  people: z.array(z.string()).min(1),
  entries: z.array(entrySchema).min(1),
})
export type StatementProfile = z.infer<typeof statementProfileSchema>

export const loadStatementProfiles = (): Record<string, StatementProfile> =>
  z
    .record(z.string(), statementProfileSchema)
    .parse(
      JSON.parse(
        readFileSync(
          new URL('../../../fixtures/finance/statement-profiles.json', import.meta.url),
          'utf8',
        ),
      ),
    )

/** Key of an account's generated statement: the bank's own identity of the account. */
export const statementKey = (bankId: string, accountNumber: string) => `${bankId}:${accountNumber}`

/** Who fills the placeholders of a profile's texts. */
export type StatementParties = { company: string; owner: string; takers: string[] }

/** A seeded PRNG for a string key (FNV-1a hash of the key). */
export function rngFor(key: string) {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  const rng = xoroshiro128plus(hash | 0)
  return {
    int: (from: number, to: number) => uniformInt(rng, from, to),
    chance: (p: number) => uniformInt(rng, 0, 9999) < p * 10000,
    pick: <T>(items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)] as T,
  }
}

const INCOMING = new Set(['CREDIT', 'INT', 'DIV', 'DEP', 'DIRECTDEP'])
const isIncoming = (type: string, text: string) =>
  INCOMING.has(type) || (type === 'XFER' && /RECEBID/.test(text))

export type GeneratedEntry = Omit<
  BankTransaction,
  'id' | 'companyId' | 'accountId' | 'importedAt'
> & {
  /** The category the profile gives it (the seed decides whether it is already classified). */
  suggestedCategoryId: string | null
}

/**
 * One month (`YYYY-MM`) of an account's statement, up to `lastDay` (inclusive), oldest first.
 * The same `key`, month and profile always give the same entries and FITIDs.
 */
export function statementMonth(
  profile: StatementProfile,
  parties: StatementParties,
  key: string,
  month: string,
  lastDay?: string,
): GeneratedEntry[] {
  const rng = rngFor(`${key}:${month}`)
  const first = parse(`${month}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1))
  const days = getDaysInMonth(first)
  const prevMonth = format(subMonths(first, 1), 'MM/yyyy')
  const takers = parties.takers.length > 0 ? parties.takers : ['CLIENTE PIX']
  const drafts: { day: number; entry: z.infer<typeof entrySchema>; text: string }[] = []

  for (const entry of profile.entries) {
    const times = entry.perMonth ? rng.int(entry.perMonth[0], entry.perMonth[1]) : 1
    for (let n = 0; n < times; n++) {
      if (entry.chance !== undefined && !rng.chance(entry.chance)) continue
      const day = entry.day ? Math.min(entry.day, days) : rng.int(1, days)
      const text = entry.text
        .replace('{taker}', rng.pick(takers))
        .replace('{person}', rng.pick(profile.people))
        .replace('{owner}', parties.owner)
        .replace('{company}', parties.company)
        .replace('{prevMonth}', prevMonth)
      drafts.push({ day, entry, text: bankText(text) })
    }
  }
  drafts.sort((a, b) => a.day - b.day)

  const entries: GeneratedEntry[] = []
  drafts.forEach(({ day, entry, text }, index) => {
    const date = `${month}-${String(day).padStart(2, '0')}`
    if (lastDay && date > lastDay) return
    const cents = rng.int(toCents(entry.amount[0]), toCents(entry.amount[1]))
    if (cents === 0) return
    entries.push({
      fitId: `${date.replaceAll('-', '')}${String(index + 1).padStart(4, '0')}`,
      date,
      amount: fromCents(isIncoming(entry.type, text) ? cents : -cents),
      type: entry.type,
      description: text,
      checkNumber: null,
      taxCategoryId: null,
      suggestedCategoryId: entry.category,
    })
  })
  return entries
}
