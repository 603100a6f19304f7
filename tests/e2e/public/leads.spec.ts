import { expect, test, type Page } from '@playwright/test'

// Lead capture on the opening, switching, city and IRPF pages: exact messages, the imask mobile
// mask, POST /leads with the page and track, and a success toast.

const SUCCESS = 'Recebemos seu contato! Um contador vai falar com você em até um dia útil.'

async function fill(
  page: Page,
  { name, email, phone }: { name: string; email: string; phone: string },
) {
  const form = page.locator('#formulario form')
  // Reaching for the form loads its full version; let it take the light one's place first.
  await form.getByLabel(/Nome/).focus()
  await page.waitForLoadState('networkidle')
  await form.getByLabel(/Nome/).fill(name)
  await form.getByLabel(/E-mail/).fill(email)
  // Typed digit by digit, as a person would: the mask formats them.
  await form.getByLabel('Celular').pressSequentially(phone)
  return form
}

test('the opening page takes a lead and says so', async ({ page }) => {
  await page.goto('/abrir-empresa')
  const form = await fill(page, {
    name: 'Lívia Tavares',
    email: 'livia.tavares@example.com',
    phone: '21987654321',
  })
  await expect(form.getByLabel('Celular')).toHaveValue('+55 (21) 98765-4321')
  await form.getByLabel('Plano de interesse').selectOption({ label: 'Serviços (R$ 189,90/mês)' })
  const posted = page.waitForResponse(
    (response) => response.url().endsWith('/leads') && response.request().method() === 'POST',
  )
  await form.getByRole('button', { name: 'Quero abrir minha empresa' }).click()
  const response = await posted
  expect(response.status()).toBe(201)
  expect(response.request().postDataJSON()).toEqual({
    name: 'Lívia Tavares',
    email: 'livia.tavares@example.com',
    phone: '+55 (21) 98765-4321',
    planId: 'plan-servicos',
    source: '/abrir-empresa',
    track: 'create-company',
  })
  await expect(page.locator('.Toastify').getByText(SUCCESS)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Obrigado, Lívia!' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Criar minha conta' })).toHaveAttribute(
    'href',
    /track=create-company/,
  )
})

test("shows the spec's messages and sends nothing", async ({ page }) => {
  await page.goto('/trocar-contador')
  let posted = false
  page.on('request', (request) => {
    if (request.url().endsWith('/leads')) posted = true
  })
  const form = await fill(page, { name: 'Caio Reis', email: 'caio@', phone: '1199' })
  await form.getByRole('button', { name: 'Quero trocar de contador' }).click()
  await expect(form.getByText('E-mail inválido')).toBeVisible()
  await expect(form.getByText('Celular inválido')).toBeVisible()
  expect(posted).toBe(false)
})

test('a city page and an IRPF page take leads too, each with its own source', async ({ page }) => {
  for (const [path, button] of [
    ['/contador-em/recife-pe', 'Quero conversar'],
    ['/lp/irpf/2025', 'Quero minha declaração'],
  ] as const) {
    await page.goto(path)
    const form = await fill(page, {
      name: 'Patrícia Antunes',
      email: 'patricia@example.com',
      phone: '',
    })
    const posted = page.waitForResponse((response) => response.url().endsWith('/leads'))
    await form.getByRole('button', { name: button }).click()
    const response = await posted
    expect(response.status()).toBe(201)
    expect(response.request().postDataJSON()).toMatchObject({ source: path, planId: null })
    await expect(page.locator('.Toastify').getByText(SUCCESS)).toBeVisible()
  }
})
