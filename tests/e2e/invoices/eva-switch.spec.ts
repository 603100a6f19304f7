import { expect, test, type Page } from '@playwright/test'
import { signInFromLogin } from '../support'
import { api, EVA } from './support'

// eva has two companies (README.md "Demo accounts"); invoices, documents and bank statements show
// only the selected company's data, and follow a switch without a reload.

const STUDIO = 'cmp-eva-studio'
const COMERCIO = 'cmp-eva-comercio'

type Named = { data: { taker?: { name: string } | null; name?: string; bankName?: string }[] }

/** What the API says the first page of a list holds for a company (names only). */
async function firstPage(
  path: string,
  companyId: string,
  pick: (item: Named['data'][number]) => string,
) {
  const { body } = await api<Named>(
    EVA,
    'GET',
    `${path}${path.includes('?') ? '&' : '?'}companyId=${companyId}`,
  )
  return body.data.map(pick)
}

async function switchTo(page: Page, companyId: string) {
  await page.getByRole('banner').getByLabel('Empresa').selectOption(companyId)
}

test('invoices, documents and bank statements follow the selected company', async ({ page }) => {
  await signInFromLogin(page, EVA, '/app/login?next=/app/invoices')
  await switchTo(page, STUDIO)
  const takerOf = (item: Named['data'][number]) => item.taker?.name ?? 'Sem tomador'
  const studioTakers = await firstPage('/nfs/requests', STUDIO, takerOf)
  const comercioTakers = await firstPage('/nfs/requests', COMERCIO, takerOf)
  const onlyStudio = studioTakers.find((name) => !comercioTakers.includes(name))!
  const onlyComercio = comercioTakers.find((name) => !studioTakers.includes(name))!
  expect(onlyStudio && onlyComercio).toBeTruthy()

  const requests = page.getByRole('table', { name: 'Solicitações de NFS-e' })
  await expect(requests.getByText(onlyStudio).first()).toBeVisible()
  await switchTo(page, COMERCIO)
  await expect(requests.getByText(onlyComercio).first()).toBeVisible()
  await expect(requests.getByText(onlyStudio)).toHaveCount(0)

  // Documents, in the app (no reload).
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Documentos', exact: true })
    .click()
  const documents = page.getByRole('table', { name: 'Documentos da empresa' })
  const comercioDocs = await firstPage('/documents', COMERCIO, (d) => d.name!)
  const studioDocs = await firstPage('/documents', STUDIO, (d) => d.name!)
  await expect(documents.getByText(comercioDocs[0]!, { exact: true })).toBeVisible()
  for (const name of studioDocs.filter((n) => !comercioDocs.includes(n)))
    await expect(documents.getByText(name, { exact: true })).toHaveCount(0)
  await switchTo(page, STUDIO)
  await expect(documents.getByText(studioDocs[0]!, { exact: true })).toBeVisible()

  // Bank statements.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Extratos bancários' })
    .click()
  const accounts = page.getByRole('list', { name: 'Contas bancárias' })
  await expect(accounts.getByRole('heading', { name: 'Banco Inter' })).toBeVisible()
  await expect(accounts.getByRole('heading', { name: 'Sicredi' })).toHaveCount(0)
  await switchTo(page, COMERCIO)
  await expect(accounts.getByRole('heading', { name: 'Sicredi' })).toBeVisible()
  await expect(accounts.getByRole('heading', { name: 'Banco Inter' })).toHaveCount(0)
})
