import { expect, type Page } from '@playwright/test'
import { API_URL } from '../support'
import { tokenOf } from '../account/helpers'

// Helpers of the invoices, documents and bank-statements specs.

export const ANA = 'ana@contabil.dev'
export const EVA = 'eva@contabil.dev'
export const ANA_COMPANY = 'cmp-ana-design'

/** A call to the mock API as `email` (to check a screen against the data, or to clean up). */
export async function api<T = unknown>(
  email: string,
  method: string,
  pathAndQuery: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API_URL}${pathAndQuery}`, {
    method,
    headers: {
      Authorization: `Bearer ${await tokenOf(email)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
}

/** Today in São Paulo, `YYYY-MM-DD`. */
export const todayInBrazil = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())

/** "21/11/2026" of a `YYYY-MM-DD`. */
export const brDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`

/** The toast with this text (react-toastify's live region). */
export const toast = (page: Page, text: string | RegExp) =>
  expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible()

/** eva's clothing shop (her second company: Ateliê Lima & Santos). */
export const EVA_SHOP = 'cmp-eva-comercio'

/**
 * Picks one of a person's companies (eva has two) with the company selector. It is in the top bar
 * on wide screens, in the side menu on narrow ones.
 */
export async function selectCompany(page: Page, companyId: string) {
  // Up to 900 px wide the selector is in the side menu.
  const narrow = (page.viewportSize()?.width ?? 0) <= 900
  if (narrow) await page.getByRole('button', { name: 'Abrir menu' }).click()
  const selector = page.getByLabel('Empresa', { exact: true }).filter({ visible: true })
  await selector.selectOption(companyId)
  await expect(selector).toHaveValue(companyId)
  const close = page.getByRole('button', { name: 'Fechar menu' })
  if (narrow && (await close.isVisible())) await close.click()
}
