import { expect, test, type Page } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { ANA, ANA_COMPANY, api, brDate, toast, todayInBrazil } from './support'

// Invoices (docs/product.md §10): ana requests an NFS-e with a CPF taker (0,50 refused first), sees
// it pending and cancels it; a schedule on day 31 shows its next date, day 32 is refused.

/**
 * The last day of this month, or of the next from day 31's run on: a schedule made on its day
 * makes this month's request at once (the job runs right after a change,
 * mock-server/routes/nfs-schedulers.ts), so its next issue is next month's.
 */
function nextRunOfDay31(today: string) {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
  const thisMonth = `${today.slice(0, 7)}-${String(lastDay(y, m)).padStart(2, '0')}`
  if (thisMonth > today) return thisMonth
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1]
  return `${ny}-${String(nm).padStart(2, '0')}-${String(lastDay(ny, nm)).padStart(2, '0')}`
}

async function openNewRequest(page: Page) {
  await page.getByRole('button', { name: 'Nova solicitação' }).click()
  const panel = page.getByRole('dialog', { name: 'Nova solicitação de NFS-e' })
  // The company's municipality is there before anything is typed.
  await expect(panel.getByLabel('Município da prestação')).toHaveValue('São Paulo/SP')
  return panel
}

test('ana requests an NFS-e for a CPF taker, sees it pending and cancels it', async ({ page }) => {
  await signInFromLogin(page, ANA, '/app/login?next=/app/invoices')
  await expect(page.getByRole('heading', { level: 1, name: 'Notas fiscais' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Solicitações de NFS-e' })).toBeVisible()
  await expectNoAxeViolations(page, 'invoices')

  const panel = await openNewRequest(page)
  await panel.getByLabel('CPF ou CNPJ').fill('713.524.399-48')
  await panel.getByLabel('Nome ou razão social').fill('Mariana Costa Alves')
  await panel.getByLabel('E-mail do tomador').fill('mariana.alves@example.com')
  await panel.getByLabel('CEP').fill('01001000')
  await expect(panel.getByLabel('Rua')).toHaveValue('Praça da Sé')
  await panel.getByLabel('Número', { exact: false }).first().fill('321')
  await panel.getByRole('combobox', { name: 'Serviço da empresa' }).selectOption({ index: 1 })
  await panel
    .getByLabel('Descrição do serviço')
    .fill('Identidade visual para consultório particular')
  const value = panel.getByLabel('Valor total')
  await value.fill('0,50')
  await panel.getByRole('button', { name: 'Solicitar nota' }).click()
  await expect(panel.getByText('Valor precisa ser maior ou igual a 1 real.').first()).toBeVisible()
  await expect(value).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'new request with errors')
  await screenshot(page, 'invoices-new-request-errors')

  await value.fill('1.234,56')
  await expect(panel.getByRole('complementary', { name: 'Estimativa de imposto' })).toContainText(
    /≈\s*R\$/,
  )
  await panel.getByRole('button', { name: 'Solicitar nota' }).click()
  await toast(page, 'Solicitação enviada: a nota está pendente.')
  // The request opens in the side panel: pending, with its taker and history.
  const details = page.getByRole('dialog', { name: 'Solicitação de NFS-e' })
  await expect(details.getByText('Pendente').first()).toBeVisible()
  await expect(details.getByText('713.524.399-48')).toBeVisible()
  await expect(details.getByText('São Paulo/SP', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page, 'request details')
  await screenshot(page, 'invoices-request-details')
  await details.getByRole('button', { name: 'Fechar' }).click()

  // In the list, found by the taker's CPF.
  await page.getByLabel('Tomador', { exact: true }).fill('71352439948')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL(/query=.*71352439948/)
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Mariana Costa Alves' })
    .filter({ hasText: 'R$ 1.234,56' })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('Pendente')).toBeVisible()

  await row.getByRole('button', { name: /^Cancelar a solicitação/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancelar a solicitação?' })
  await confirm.getByRole('button', { name: 'Cancelar solicitação' }).click()
  await toast(page, 'Solicitação cancelada.')
  await expect(row).toHaveCount(0)
  const left = await api<{ data: { totalValue: number }[] }>(
    ANA,
    'GET',
    `/nfs/requests?companyId=${ANA_COMPANY}&query=71352439948&limit=100`,
  )
  expect(left.body.data.some((r) => r.totalValue === 1234.56)).toBe(false)
})

test('a schedule on day 31 shows its next issue date; day 32 is refused', async ({ page }) => {
  await signInFromLogin(page, ANA, '/app/login?next=/app/invoices?tab=agendamentos')
  await expect(page.getByRole('list', { name: 'Agendamentos' })).toBeVisible()
  await expect(page.getByText(/^próxima emissão em \d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible()
  await expectNoAxeViolations(page, 'schedules')

  await page.getByRole('button', { name: 'Novo agendamento' }).first().click()
  const panel = page.getByRole('dialog', { name: 'Novo agendamento' })
  await expect(panel.getByLabel('Município da prestação')).toHaveValue('São Paulo/SP')
  await panel.getByRole('checkbox', { name: /Informar o tomador/ }).uncheck()
  await panel.getByRole('combobox', { name: 'Serviço da empresa' }).selectOption({ index: 1 })
  await panel.getByLabel('Descrição do serviço').fill('Mensalidade de gestão de marca (e2e)')
  await panel.getByLabel('Valor total').fill('777,00')
  await panel.getByLabel('Dia do mês').fill('32')
  await panel.getByRole('button', { name: 'Agendar' }).click()
  await expect(panel.getByText('Dia do mês precisa ser entre 1 e 31.').first()).toBeVisible()
  await screenshot(page, 'invoices-schedule-errors')

  await panel.getByLabel('Dia do mês').fill('31')
  await panel.getByRole('button', { name: 'Agendar' }).click()
  const next = `próxima emissão em ${brDate(nextRunOfDay31(todayInBrazil()))}`
  await toast(page, `Nota agendada: ${next}.`)
  const card = page
    .getByRole('listitem')
    .filter({ hasText: 'Mensalidade de gestão de marca (e2e)' })
  await expect(card.getByText(next)).toBeVisible()
  await expect(card.getByText('R$ 777,00')).toBeVisible()

  // Pause and resume, then delete it (the seed stays as it was for other specs).
  await card.getByRole('button', { name: 'Pausar' }).click()
  await expect(card.getByText('pausado: não emite até ser retomado')).toBeVisible()
  await card.getByRole('button', { name: 'Retomar' }).click()
  await expect(card.getByText(next)).toBeVisible()
  await card.getByRole('button', { name: 'Excluir' }).click()
  await page
    .getByRole('dialog', { name: 'Excluir o agendamento?' })
    .getByRole('button', { name: 'Excluir agendamento' })
    .click()
  await expect(card).toHaveCount(0)
})

for (const width of [1280, 390]) {
  test(`invoices screens at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await signInFromLogin(page, ANA, '/app/login?next=/app/invoices')
    await expect(page.getByRole('table', { name: 'Solicitações de NFS-e' })).toBeVisible()
    await expectNoSidewaysScroll(page, 'invoices')
    await screenshot(page, 'invoices-requests')
    // A rejected request says why.
    await page.getByLabel('Situação').selectOption('rejected')
    await expect(page).toHaveURL(/status=rejected/)
    const rejected = page.getByRole('row').filter({ hasText: 'Rejeitada' }).first()
    await rejected.getByRole('button', { name: /^Detalhes/ }).click()
    const details = page.getByRole('dialog', { name: 'Solicitação de NFS-e' })
    await expect(details.getByText('Rejeitada pela contabilidade')).toBeVisible()
    await screenshot(page, 'invoices-rejected')
    await details.getByRole('button', { name: 'Fechar' }).click()

    await page.getByRole('tab', { name: 'Agendamentos' }).click()
    await expect(page.getByRole('list', { name: 'Agendamentos' })).toBeVisible()
    await expectNoSidewaysScroll(page, 'schedules')
    await screenshot(page, 'invoices-schedules')

    await page.getByRole('tab', { name: 'Solicitações' }).click()
    await openNewRequest(page)
    await screenshot(page, 'invoices-new-request')
    await expectNoAxeViolations(page, `new request at ${width}`)
  })
}
