import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { buildSeed } from '../mock-server/seed/index'
import { Store } from '../mock-server/store/database'
import { newBankTransaction } from '../mock-server/domain/bank/ledger'
import { benchSize } from './bench-smoke'
import { noonInBrazil } from '../src/kernel/dates'
import { signInWithPassword, startEmulator, startWeb, type Service } from './stack'

// The signed-in row of `npm run bench:web` (docs/testing.md "Benchmarks"): ana's transactions
// screen for a Cora account holding 50,000 transactions, from the click on "Ver movimentações" on
// the accounts page to the first rows painted, median of 5. Each run starts from a freshly loaded
// accounts page (the app's code in the browser's cache, no data in React Query's), so every click
// waits for the route's loader: the account, its first page of transactions and the tax categories.

export const SIGNED_IN_TRANSACTIONS = benchSize(50_000, 500)
export const SIGNED_IN_RUNS = 5
/** Click to first rows painted, at most (docs/testing.md "Benchmarks"). */
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
  const oldest = noonInBrazil(account.at(-1)?.date ?? '2025-10-01').getTime()
  for (let n = 0; account.length + n < SIGNED_IN_TRANSACTIONS; n++) {
    const kind = kinds[n % kinds.length]!
    // Thirty entries a day, going back from the seed's oldest day.
    const day = new Date(oldest - (Math.floor(n / 30) + 1) * 86_400_000).toISOString().slice(0, 10)
    seed.bankTransactions.push(
      newBankTransaction(
        {
          fitId: `BENCHAPP${n}`,
          date: day,
          amount: kind.sign * (10 + ((n * 4271) % 900_000) / 100),
          type: kind.type,
          description: `${kind.text} ${(n % 613) + 1}`,
          checkNumber: null,
        },
        { companyId: COMPANY, accountId: ACCOUNT },
        `${day}T23:00:00.000Z`,
        { id: `txn-bench-app-${n}` },
      ),
    )
  }
  await new Store(path.join(dataDir, 'contabil.db'), () => seed, { log: () => {} }).close()
}

/**
 * The smoke of the signed-in row's data (`npm run bench:web -- --smoke`): ana signs in, and what
 * the transactions screen's loader asks for answers, the account holding every transaction of the
 * data set. Resolves with the number of rows it stood for.
 */
export async function signedInDataAnswers(apiUrl: string, authPort: number): Promise<number> {
  const headers = {
    Authorization: `Bearer ${await signInWithPassword(authPort, EMAIL, PASSWORD)}`,
  }
  const scope = `companyId=${COMPANY}`
  const calls = [
    `/bank-statements/accounts/${ACCOUNT}?${scope}`,
    `/bank-statements/transactions?${scope}&accountId=${ACCOUNT}&limit=50&offset=0`,
    '/bank-statements/tax-categories',
  ]
  const [, transactions] = await Promise.all(
    calls.map(async (call) => {
      const response = await fetch(`${apiUrl}${call}`, { headers })
      const text = await response.text()
      if (!response.ok)
        throw new Error(`${call} answered ${response.status}: ${text.slice(0, 200)}`)
      return JSON.parse(text) as { total?: number }
    }),
  )
  if (transactions?.total !== SIGNED_IN_TRANSACTIONS)
    throw new Error(
      `the account holds ${transactions?.total} transactions, not ${SIGNED_IN_TRANSACTIONS}`,
    )
  return 1
}

/** The Auth emulator the signed-in row signs in against (public rows do not need it). */
export const startSignedInEmulator = (
  port: number,
  dataDir: string,
  origins: { webUrl: string; publicUrl: string },
): Promise<Service> =>
  startEmulator({
    port,
    dataDir: path.join(dataDir, 'emulator'),
    persist: false,
    quiet: true,
    origins,
  })

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

/** A desktop browser context in Brazil, as the signed-in rows use. */
const desktopContext = (browser: Browser) =>
  browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 900 },
  })

/** Signs in through the login form with `next`, and waits until the app is there. */
async function signInTo(page: Page, webUrl: string, path: string, email: string, password: string) {
  await page.goto(`${webUrl}/app/login?next=${encodeURIComponent(path)}`)
  const form = page.getByRole('form', { name: 'Entrar com e-mail e senha' })
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Senha').fill(password)
  await form.getByRole('button', { name: 'Entrar', exact: true }).click()
  await page.waitForURL(webUrl + path, { timeout: 60_000 })
}

/** Signs ana in through the login form and measures the click, `SIGNED_IN_RUNS` times. */
export async function measureTransactionsClick(
  browser: Browser,
  webUrl: string,
): Promise<InteractionRow> {
  const context = await desktopContext(browser)
  const accounts = `${webUrl}/app/bank-statements/accounts`
  try {
    const page = await context.newPage()
    await signInTo(page, webUrl, '/app/bank-statements/accounts', EMAIL, PASSWORD)

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

// A full load of a signed-in screen against the same screen reached by an in-app link,
// and the dev server's first visit against its second.
//
// - Reload → content: the browser is on the screen (the app's code in its HTTP cache, as for
//   anyone who reloads or opens a bookmark), reloads it and waits for the screen's main content
//   to be painted; time from the navigation's start. The first paint of the load (any content: the
//   layout's skeleton when the data is still on its way) is reported beside it.
// - In-app → content: from another screen, fully loaded and quiet, a click on the link to the
//   screen, to the same content painted.
// - Over the whole run, every answer 401 of the API and every request to the API sent without an
//   `authorization` header is counted: a full load must send none.

/** Full reloads and in-app visits per screen, after one unmeasured warm-up of each. */
export const RELOAD_RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
/** A full reload reaches the content in at most this many times the in-app link's time. */
export const RELOAD_RATIO_BUDGET = 3

type ReloadScreen = {
  name: string
  email: string
  password: string
  path: string
  /** The screen's main content: what a reload and an in-app visit both wait for. */
  content: string
  /** The screen the in-app visit starts from, and its link to this one. */
  from: string
  link: string
}

export const RELOAD_SCREENS: ReloadScreen[] = [
  {
    name: 'Painel (ana)',
    email: EMAIL,
    password: PASSWORD,
    path: '/app/panel',
    content: 'main [data-testid="company-status"]',
    from: '/app/invoices',
    link: 'nav[aria-label="Menu principal"] a[href="/app/panel"]',
  },
  {
    // bruno's company is being opened: every company screen leads to his wizard, the side
    // menu's "Painel" included (the gate sends him on).
    name: 'Abertura (bruno)',
    email: 'bruno@contabil.dev',
    password: PASSWORD,
    path: '/app/wizard/company-opening',
    // His current step's form (the invites screen he starts from has a form of its own).
    content: 'main form[aria-label="Cadastro dos sócios"] input',
    from: '/app/user/my-invites',
    link: 'nav[aria-label="Menu principal"] a[href="/app/panel"]',
  },
  {
    name: 'Back office (admin)',
    email: 'admin@contabil.dev',
    password: 'Admin#2026',
    path: '/app/admin/companies',
    content: 'main table tbody tr td',
    // The admin's own panel (no table on it) and the side menu's "Empresas".
    from: '/app/panel',
    link: 'nav[aria-label="Menu principal"] a[href="/app/admin/companies"]',
  },
  {
    // A company's page in the back office, from the companies list's link to it.
    name: 'Empresa no back office (admin)',
    email: 'admin@contabil.dev',
    password: 'Admin#2026',
    path: '/app/admin/companies/cmp-ana-design',
    // Its data tab: the company's fields.
    content: 'main dl dd',
    from: '/app/admin/companies',
    link: 'main a[href="/app/admin/companies/cmp-ana-design"]',
  },
  {
    // The month-close queue, from the side menu.
    name: 'Fechamento do mês (admin)',
    email: 'admin@contabil.dev',
    password: 'Admin#2026',
    path: '/app/admin/simples',
    // A row's link to the company's month: the companies page it starts from has rows too.
    content: 'main table tbody tr a[href^="/app/admin/simples/"]',
    from: '/app/admin/companies',
    link: 'nav[aria-label="Menu principal"] a[href="/app/admin/simples"]',
  },
]

export type ReloadRow = {
  name: string
  path: string
  reloadMs: number[]
  firstPaintMs: number[]
  inAppMs: number[]
  /** API answers 401 during the row's run. */
  unauthorized: number
  /** Requests to the API that left without an `authorization` header. */
  withoutToken: string[]
  /** Why the row could not be measured (the other rows still are). */
  error?: string
}

const CONTENT_KEY = 'bench:content'

/**
 * Installed in every document of the context: when the tab asked for it (sessionStorage), the
 * time from the navigation's start to the frame after the content first showed, and the first
 * contentful paint. A string, so the bundler's helpers never end up in the page.
 */
const contentClock = `(() => {
  const selector = sessionStorage.getItem('${CONTENT_KEY}')
  if (!selector) return
  const clock = (window.__benchClock = { content: null, firstPaint: null })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') clock.firstPaint = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return
    observer.disconnect()
    requestAnimationFrame(() => requestAnimationFrame(() => (clock.content = performance.now())))
  })
  observer.observe(document, { childList: true, subtree: true })
})()`

/** In the page: click the link and resolve with the time to the frame after the content showed. */
const clickToContent = (link: string, content: string) => `new Promise((resolve, reject) => {
  const anchor = document.querySelector(${JSON.stringify(link)})
  if (!anchor) return reject(new Error('no link ' + ${JSON.stringify(link)}))
  if (document.querySelector(${JSON.stringify(content)}))
    return reject(new Error('the content is already on the page'))
  const start = performance.now()
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(content)})) return
    observer.disconnect()
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)))
  })
  observer.observe(document.body, { childList: true, subtree: true })
  anchor.click()
})`

async function measureScreen(
  browser: Browser,
  webUrl: string,
  apiUrl: string,
  screen: ReloadScreen,
): Promise<ReloadRow> {
  const context = await desktopContext(browser)
  await context.addInitScript({ content: contentClock })
  const row: ReloadRow = {
    name: screen.name,
    path: screen.path,
    reloadMs: [],
    firstPaintMs: [],
    inAppMs: [],
    unauthorized: 0,
    withoutToken: [],
  }
  try {
    const page = await context.newPage()
    page.on('request', (request) => {
      if (!request.url().startsWith(apiUrl) || request.method() === 'OPTIONS') return
      if (!request.headers().authorization)
        row.withoutToken.push(`${request.method()} ${request.url().slice(apiUrl.length)}`)
    })
    page.on('response', (response) => {
      if (response.url().startsWith(apiUrl) && response.status() === 401) row.unauthorized += 1
    })
    await signInTo(page, webUrl, screen.path, screen.email, screen.password)
    await page.locator(screen.content).first().waitFor({ timeout: 60_000 })
    // Signing in is not what is measured: only the loads that follow count.
    row.unauthorized = 0
    row.withoutToken.length = 0
    await page.evaluate(
      (key) => sessionStorage.setItem(key[0]!, key[1]!),
      [CONTENT_KEY, screen.content],
    )

    for (let i = 0; i <= RELOAD_RUNS; i++) {
      // In the app: the other screen, loaded and quiet, then its link.
      await page.goto(webUrl + screen.from)
      await page.locator(screen.link).waitFor({ timeout: 60_000 })
      await page.waitForLoadState('networkidle')
      const inApp = (await page.evaluate(clickToContent(screen.link, screen.content))) as number
      await page.waitForURL(webUrl + screen.path)
      await page.waitForLoadState('networkidle')
      // A full reload of the same screen (BENCH_TRACE=dir: the last one's Chrome trace, to read
      // in chrome://tracing or DevTools' Performance panel).
      const trace = process.env.BENCH_TRACE && i === RELOAD_RUNS ? process.env.BENCH_TRACE : null
      if (trace)
        await page
          .context()
          .browser()!
          .startTracing(page, {
            path: path.join(trace, `${screen.path.replace(/[^a-z0-9]+/gi, '-')}.json`),
            categories: [
              'toplevel',
              'devtools.timeline',
              'disabled-by-default-devtools.timeline',
              'v8.execute',
              'blink.user_timing',
              'loading',
              'disabled-by-default-v8.cpu_profiler',
            ],
          })
      await page.reload()
      const clock = await page.waitForFunction(
        () => {
          const value = (
            window as unknown as {
              __benchClock?: { content: number | null; firstPaint: number | null }
            }
          ).__benchClock
          return value?.content != null ? value : null
        },
        undefined,
        { timeout: 60_000 },
      )
      const { content, firstPaint } = (await clock.jsonValue()) as {
        content: number
        firstPaint: number | null
      }
      if (page.url() !== webUrl + screen.path)
        throw new Error(`${screen.name}: the reload ended on ${page.url()}`)
      await page.waitForLoadState('networkidle')
      if (trace) await page.context().browser()!.stopTracing()
      if (process.env.BENCH_VERBOSE && i === RELOAD_RUNS) {
        // The reload's waterfall: what was fetched, from when to when, against the content.
        const entries = (await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => [
              entry.name,
              entry.startTime,
              (entry as PerformanceResourceTiming).responseEnd,
            ]),
        )) as [string, number, number][]
        console.log(`    reload: content at ${Math.round(content)} ms`)
        for (const [name, start, end] of entries)
          console.log(
            `    ${Math.round(start).toString().padStart(5)} → ${Math.round(end).toString().padStart(5)} ms  ${name.replace(webUrl, '').replace(apiUrl, 'API ')}`,
          )
      }
      if (i === 0) continue
      row.inAppMs.push(Math.round(inApp))
      row.reloadMs.push(Math.round(content))
      row.firstPaintMs.push(Math.round(firstPaint ?? content))
    }
    return row
  } finally {
    await context.close()
  }
}

/** The three signed-in screens the reload rows measure, one after the other. */
export async function measureReloads(
  browser: Browser,
  webUrl: string,
  apiUrl: string,
  only?: string,
) {
  const rows: ReloadRow[] = []
  for (const screen of RELOAD_SCREENS.filter((s) => !only || s.path.includes(only))) {
    console.log(`[bench:web] ${screen.name}: full reload vs in-app link, ${screen.path}`)
    try {
      rows.push(await measureScreen(browser, webUrl, apiUrl, screen))
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error)
      console.error(`[bench:web] ${screen.name}: ${message}`)
      rows.push({
        name: screen.name,
        path: screen.path,
        reloadMs: [],
        firstPaintMs: [],
        inAppMs: [],
        unauthorized: 0,
        withoutToken: [],
        error: message,
      })
    }
  }
  return rows
}

export const reloadMedians = (row: ReloadRow) => ({
  reload: Math.round(median(row.reloadMs)),
  firstPaint: Math.round(median(row.firstPaintMs)),
  inApp: Math.round(median(row.inAppMs)),
})

export const reloadMisses = (row: ReloadRow) => {
  if (row.error) return 1
  const { reload, inApp } = reloadMedians(row)
  return (
    (reload > RELOAD_RATIO_BUDGET * inApp ? 1 : 0) +
    (row.unauthorized > 0 ? 1 : 0) +
    (row.withoutToken.length > 0 ? 1 : 0)
  )
}

export type DevServerRow = {
  /** From starting the dev server to `npm start` announcing it (its warm-up done). */
  readyMs: number
  firstMs: number
  secondMs: number
}

/** In a fresh browser: navigation start to the login form painted. */
async function loginFormTime(browser: Browser, webUrl: string) {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 1280, height: 900 },
  })
  try {
    await context.addInitScript({
      content: `sessionStorage.setItem('${CONTENT_KEY}', 'form[aria-label="Entrar com e-mail e senha"] input');${contentClock}`,
    })
    const page = await context.newPage()
    await page.goto(`${webUrl}/app/login`, { timeout: 120_000 })
    const clock = await page.waitForFunction(
      () =>
        (window as unknown as { __benchClock?: { content: number | null } }).__benchClock
          ?.content ?? null,
      undefined,
      { timeout: 120_000 },
    )
    return Math.round((await clock.jsonValue()) as number)
  } finally {
    await context.close()
  }
}

/**
 * `npm start`'s web app (Vite's dev server, started as scripts/start.ts does, which announces it
 * once its warm-up is done) against the bench's mock server and emulator: the first visit of
 * /app/login as soon as it is announced, then a second visit in a fresh browser. The server is
 * started once before, unmeasured, so the pre-bundled dependencies are there: what is measured is
 * a restart, the modules transformed again.
 */
export async function measureDevServer(
  browser: Browser,
  ports: { web: number; mock: number; auth: number },
): Promise<DevServerRow> {
  const webUrl = `http://localhost:${ports.web}`
  const env = {
    VITE_API_URL: `http://localhost:${ports.mock}`,
    VITE_FUNCTIONS_URL: `http://localhost:${ports.mock}`,
    VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
    VITE_SITE_URL: webUrl,
  }
  const prime = await startWeb({ port: ports.web, mode: 'dev', quiet: true, env })
  try {
    await loginFormTime(browser, webUrl)
  } finally {
    await prime.stop()
  }
  const starting = Date.now()
  const web = await startWeb({ port: ports.web, mode: 'dev', quiet: true, env })
  const readyMs = Date.now() - starting
  try {
    const firstMs = await loginFormTime(browser, webUrl)
    const secondMs = await loginFormTime(browser, webUrl)
    return { readyMs, firstMs, secondMs }
  } finally {
    await web.stop()
  }
}
