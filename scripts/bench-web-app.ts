import path from 'node:path'
import type { Browser } from '@playwright/test'
import { buildSeed } from '../mock-server/seed/index'
import { Store } from '../mock-server/store/database'
import { startEmulator, type Service } from './stack'

// The signed-in row of `npm run bench:web` (issue 11): ana's transactions screen for a Cora
// account holding 50,000 transactions, from the click on "Ver movimentações" on the accounts page
// to the first rows painted, median of 5. Each run starts from a freshly loaded accounts page
// (the app's code in the browser's cache, no data in React Query's), so every click waits for the
// route's loader: the account, its first page of transactions and the tax categories.

export const SIGNED_IN_TRANSACTIONS = 50_000
export const SIGNED_IN_RUNS = 5
/** Click to first rows painted, at most (issue 11). */
export const SIGNED_IN_BUDGET_MS = 300

const EMAIL = 'ana@contabil.dev'
const PASSWORD = 'Cliente#2026'
const COMPANY = 'cmp-ana-design'
const ACCOUNT = 'acc-ana-cora'

export type InteractionRow = {
  name: string
  path: string
  runs: number[]
  medianMs: number
  budgetMs: number
}

/**
 * The mock server's data for the row: the seed with ana's Cora account grown to 50,000
 * transactions (a busy account over a few years: PIX, boletos, card, fees), written as the
 * database the server opens on start.
 */
export async function writeSignedInData(dataDir: string) {
  const seed = buildSeed()
  const account = seed.bankTransactions.filter((t) => t.accountId === ACCOUNT)
  const kinds = [
    { type: 'CREDIT', text: 'PIX RECEBIDO - CLIENTE', sign: 1 },
    { type: 'DEBIT', text: 'PAGAMENTO BOLETO - FORNECEDOR', sign: -1 },
    { type: 'POS', text: 'COMPRA CARTAO - LOJA', sign: -1 },
    { type: 'SRVCHG', text: 'TARIFA PACOTE DE SERVICOS', sign: -1 },
  ] as const
  const oldest = Date.parse(`${account.at(-1)?.date ?? '2025-10-01'}T12:00:00-03:00`)
  for (let n = 0; account.length + n < SIGNED_IN_TRANSACTIONS; n++) {
    const kind = kinds[n % kinds.length]!
    // Thirty entries a day, going back from the seed's oldest day.
    const day = new Date(oldest - (Math.floor(n / 30) + 1) * 86_400_000).toISOString().slice(0, 10)
    seed.bankTransactions.push({
      id: `txn-bench-app-${n}`,
      companyId: COMPANY,
      accountId: ACCOUNT,
      fitId: `BENCHAPP${n}`,
      date: day,
      amount: kind.sign * (10 + ((n * 4271) % 900_000) / 100),
      type: kind.type,
      description: `${kind.text} ${(n % 613) + 1}`,
      checkNumber: null,
      taxCategoryId: null,
      importedAt: `${day}T23:00:00.000Z`,
    })
  }
  await new Store(path.join(dataDir, 'contabil.db'), () => seed, { log: () => {} }).close()
}

/** The Auth emulator the signed-in row signs in against (public rows do not need it). */
export const startSignedInEmulator = (port: number, dataDir: string): Promise<Service> =>
  startEmulator({ port, dataDir: path.join(dataDir, 'emulator'), persist: false, quiet: true })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * What runs in the page: click the account's link and resolve with the time until the frame after
 * the one that laid the first transaction row out (the rows are on screen). A string, so the
 * bundler's helpers never end up in the page.
 */
const clickToRows = (accountId: string) => `new Promise((resolve, reject) => {
  const anchor = document.querySelector('a[href$="/accounts/${accountId}/transactions"]')
  if (!anchor) return reject(new Error('no link to the account'))
  const start = performance.now()
  const observer = new MutationObserver(() => {
    if (!document.querySelector('main table tbody tr td')) return
    observer.disconnect()
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)))
  })
  observer.observe(document.body, { childList: true, subtree: true })
  anchor.click()
})`

/** Signs ana in through the login form and measures the click, `SIGNED_IN_RUNS` times. */
export async function measureTransactionsClick(
  browser: Browser,
  webUrl: string,
): Promise<InteractionRow> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 900 },
  })
  const accounts = `${webUrl}/app/bank-statements/accounts`
  try {
    const page = await context.newPage()
    await page.goto(
      `${webUrl}/app/login?next=${encodeURIComponent('/app/bank-statements/accounts')}`,
    )
    const form = page.getByRole('form', { name: 'Entrar com e-mail e senha' })
    await form.getByLabel('E-mail').fill(EMAIL)
    await form.getByLabel('Senha').fill(PASSWORD)
    await form.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(accounts, { timeout: 60_000 })

    const runs: number[] = []
    // One warm-up (the route's code into the HTTP cache), then the measured runs.
    for (let i = 0; i <= SIGNED_IN_RUNS; i++) {
      await page.goto(accounts)
      const link = page.getByRole('link', { name: /^Ver movimentações: Cora SCD/ })
      await link.waitFor()
      await page.waitForLoadState('networkidle')
      const elapsed = (await page.evaluate(clickToRows(ACCOUNT))) as number
      if (i > 0) runs.push(Math.round(elapsed))
    }
    return {
      name: 'Movimentações (50 mil)',
      path: `/app/bank-statements/accounts/${ACCOUNT}/transactions`,
      runs,
      medianMs: Math.round(median(runs)),
      budgetMs: SIGNED_IN_BUDGET_MS,
    }
  } finally {
    await context.close()
  }
}
