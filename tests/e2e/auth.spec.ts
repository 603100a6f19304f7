import { expect, test } from '@playwright/test'
import { ADMIN, pathOf, signIn, signInFromLogin } from './support'

test.describe('signed-out redirect and next', () => {
  test('a signed-out visit goes to login with next, and sign-in returns there', async ({
    page,
  }) => {
    await page.goto('/app/invoices?status=pending')
    await expect(page).toHaveURL(/\/app\/login\?next=%2Fapp%2Finvoices%3Fstatus%3Dpending$/)
    await expect(page.getByText('Entre para continuar de onde parou.')).toBeVisible()
    await signIn(page, 'ana@contabil.dev')
    await expect(page).toHaveURL(/\/app\/invoices\?status=pending$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Notas fiscais' })).toBeVisible()
  })

  test('next still goes through the gates (bruno is sent to his wizard)', async ({ page }) => {
    await page.goto('/app/documents')
    await signIn(page, 'bruno@contabil.dev')
    await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/)
  })

  test('a wrong password is explained in pt-BR and nothing typed is lost', async ({ page }) => {
    await page.goto('/app/login')
    await signIn(page, 'ana@contabil.dev', 'senha-errada')
    await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos.')
    const form = page.getByRole('form', { name: 'Entrar com e-mail e senha' })
    await expect(form.getByLabel('E-mail')).toHaveValue('ana@contabil.dev')
    await expect(form.getByLabel('Senha')).toHaveValue('senha-errada')
    await expect(page).toHaveURL(/\/app\/login$/)
  })

  test('the redirect table runs before routes load', async ({ page }) => {
    await page.goto('/login?next=%2Fapp%2Fdocuments')
    await expect(page).toHaveURL(/\/app\/login\?next=%2Fapp%2Fdocuments$/)
    await signIn(page, 'ana@contabil.dev')
    await expect(page).toHaveURL(/\/app\/documents$/)
    await page.goto('/app')
    await expect(page).toHaveURL(/\/app\/panel$/)
    await page.goto('/app/user')
    await expect(page).toHaveURL(/\/app\/user\/my-profile$/)
  })

  test('a signed-in user opening the login page goes on to next', async ({ page }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await page.goto('/app/login?next=%2Fapp%2Fuser%2Fmy-profile')
    await expect(page).toHaveURL(/\/app\/user\/my-profile$/)
    await expect(page.getByText('ana@contabil.dev').first()).toBeVisible()
  })

  test('logout returns to the login page and the area is closed again', async ({ page }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await page.getByRole('button', { name: /Conta de/ }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/app\/login$/)
    const cookies = await page.context().cookies()
    expect(cookies.map((cookie) => cookie.name)).not.toContain('accessToken')
    await page.goto('/app/panel')
    await expect(page).toHaveURL(/\/app\/login\?next=%2Fapp%2Fpanel$/)
  })

  test('session cookies are set with sameSite lax', async ({ page }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    const cookies = await page.context().cookies()
    for (const name of ['currentUser', 'claims', 'accessToken']) {
      const cookie = cookies.find((c) => c.name === name)
      expect(cookie, name).toBeDefined()
      expect(cookie?.sameSite).toBe('Lax')
    }
    const user = JSON.parse(
      decodeURIComponent(cookies.find((c) => c.name === 'currentUser')!.value),
    )
    expect(user).toMatchObject({ email: 'ana@contabil.dev', uid: 'uid-ana' })
    expect(user.createdAt).toBe('2025-02-10T13:30:00.000Z')
  })
})

test.describe('hostile next values stay on the site', () => {
  const hostile = [
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    'javascript:alert(1)',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '%252F%252Fevil.com',
    '/%5Cevil.com',
    '\\\\evil.com',
    'https:evil.com',
    ' //evil.com',
    '/\t/evil.com',
  ]

  test('through the sign-in form', async ({ page }) => {
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs += 1
      void dialog.dismiss()
    })
    await page.goto(`/app/login?next=${encodeURIComponent('//evil.com/app/panel')}`)
    await signIn(page, 'ana@contabil.dev')
    await expect(page).toHaveURL(/\/app\/panel$/)
    expect(pathOf(page)).toBe('/app/panel')
    expect(dialogs).toBe(0)
  })

  test('while signed in, every hostile value leads to the panel', async ({ page }) => {
    // Twenty-four full loads of the app: on a busy two-core machine they pass the default minute.
    test.setTimeout(180_000)
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs += 1
      void dialog.dismiss()
    })
    await signInFromLogin(page, 'ana@contabil.dev')
    for (const value of hostile) {
      await test.step(JSON.stringify(value), async () => {
        await page.goto('/app/user/my-profile')
        await page.goto(`/app/login?next=${encodeURIComponent(value)}`)
        await expect(page).toHaveURL(/\/app\/panel$/)
        expect(pathOf(page)).toBe('/app/panel')
      })
    }
    expect(dialogs).toBe(0)
  })

  test('an admin with a hostile next lands on the back office', async ({ page }) => {
    await page.goto(`/app/login?next=${encodeURIComponent('https://evil.com/app/admin')}`)
    await signIn(page, ADMIN.email, ADMIN.password)
    await expect(page).toHaveURL(/\/app\/admin\/companies$/)
  })
})

test.describe('gates and error pages', () => {
  test('a client opening the back office gets the 403 screen', async ({ page }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await page.goto('/app/admin/companies')
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible()
    await expect(page.getByTestId('status-message')).toHaveText('/app/admin/companies')
  })

  test('davi cannot open the company pages while his company is disabled', async ({ page }) => {
    await signInFromLogin(page, 'davi@contabil.dev')
    await page.goto('/app/invoices')
    await expect(page).toHaveURL(/\/app\/user\/disabled$/)
  })

  test('an unknown path gives the 404 with its message', async ({ page }) => {
    await page.goto('/caminho/que-nao-existe?x=1')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found')
    await expect(page.getByTestId('status-message')).toHaveText(
      'Page not found: /caminho/que-nao-existe',
    )
  })

  test('an unknown path inside the signed-in area gives its 404 in the app’s layout', async ({
    page,
  }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await page.goto('/app/nao-existe')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Página não encontrada')
    await expect(page.getByTestId('status-message')).toHaveText(
      'Endereço não encontrado: /app/nao-existe',
    )
    await expect(page.getByRole('link', { name: 'Consultar CNAE' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeAttached()
    const shots = process.env.SCREENSHOT_DIR
    if (shots) await page.screenshot({ path: `${shots}/app-404.png` })
    await page.getByRole('link', { name: 'Voltar ao painel' }).click()
    await expect(page).toHaveURL(/\/app\/panel$/)
  })
})
