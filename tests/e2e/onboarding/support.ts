import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshot,
  tokenOf,
} from '../account/helpers'
import { ADMIN, API_URL, consentState, signIn } from '../support'

// Helpers of the wizard specs: a second browser for the accountant, the look of every step at
// 390 and 1280 px (axe, no sideways scroll, screenshots in SCREENSHOT_DIR), and valid documents.

/** Every wizard screen is checked the same way, at both widths, then back to the desktop. */
export async function checkStep(page: Page, name: string) {
  await expectNoAxeViolations(page, `${name} (1280 px)`)
  await expectNoSidewaysScroll(page, `${name} (1280 px)`)
  await screenshot(page, name)
  const size = page.viewportSize() ?? { width: 1280, height: 900 }
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page, `${name} (390 px)`)
  await expectNoAxeViolations(page, `${name} (390 px)`)
  await screenshot(page, name)
  await page.setViewportSize(size)
}

/** The accountant in a browser of their own, signed in, on the back office. */
export async function adminSession(
  browser: Browser,
  baseURL: string,
): Promise<{
  context: BrowserContext
  page: Page
}> {
  const context = await browser.newContext({
    baseURL,
    storageState: consentState(baseURL),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 900 },
  })
  const page = await context.newPage()
  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin\/companies$/)
  return { context, page }
}

/** Puts a demo company back as seeded (test hook), so the specs leave shared data as found. */
export async function reseedCompany(companyId: string) {
  const response = await fetch(`${API_URL}/__test/onboarding/${companyId}/reseed`, {
    method: 'POST',
  })
  expect(response.ok, `reseed ${companyId}`).toBe(true)
}

const mod11 = (digits: number[], weights: number[]) => {
  const sum = digits.reduce((total, digit, i) => total + digit * weights[i]!, 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** A random CNPJ with valid check digits (numeric), formatted. */
export function randomCnpj(): string {
  const base = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).concat([0, 0, 0, 1])
  const first = mod11(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = mod11([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  const d = [...base, first, second].join('')
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
}

/** A random CPF with valid check digits, formatted. */
export function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10))
  if (new Set(base).size === 1) base[0] = (base[0]! + 1) % 10
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, i) => total + digit * (digits.length + 1 - i), 0)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  const first = check(base)
  const second = check([...base, first])
  const d = [...base, first, second].join('')
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
}

/** Today in Brazil as dd/mm/aaaa. */
export const todayBr = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date())

/** A small real PDF (a receipt or a guide). */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
})

/** The current step's card (the wizard's h2 is the step's name). */
export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true })

/** The accountant's actions through the API (for specs about the client's side). */
export async function asAdmin(method: string, pathAndQuery: string, body?: unknown) {
  const token = await tokenOf(ADMIN.email)
  const response = await fetch(`${API_URL}${pathAndQuery}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => null)) as { data?: unknown; message?: string }
  expect(response.ok, `${method} ${pathAndQuery}: ${answer?.message ?? response.status}`).toBe(true)
  return answer?.data
}

/** The accountant attaches the registration-fee guide (file through its signed link, then the step). */
export async function attachGuideAsAdmin(companyId: string) {
  const link = (await asAdmin('GET', `/upload/guia-taxa.pdf?companyId=${companyId}`)) as {
    url: string
  }
  const put = await fetch(link.url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: pdfFile('guia-taxa.pdf').buffer,
  })
  expect(put.ok).toBe(true)
  // The file is kept under a storage key of its own: the step names that.
  const { data: stored } = (await put.json()) as { data: { fileName: string } }
  await asAdmin('POST', `/companies/${companyId}/steps/awaiting-guide`, {
    payload: {
      guide: {
        fileName: stored.fileName,
        amount: 199.9,
        dueDate: '2026-12-15',
        barcode: '85600000001-3 99900027062-2 02612100000-9 00000000000-0',
      },
    },
  })
}

/** The id of the company whose name or alias matches (the accountant's search). */
export async function companyIdOf(query: string): Promise<string> {
  const list = (await asAdmin('GET', `/companies?query=${encodeURIComponent(query)}`)) as {
    id: string
  }[]
  expect(list.length, `companies for ${query}`).toBeGreaterThan(0)
  return list[0]!.id
}

/** Presses Tab until `target` has the focus (at most `max` times): it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, 'reachable with Tab').toBeFocused()
}
