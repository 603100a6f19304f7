import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { ADMIN, signIn } from './support'

// Every /app screen in its layout: its pt-BR document title and h1, no English word, no horizontal
// overflow on a 390 px phone, every table's values whole at 1280 and 390 px, a card's bullets
// beside their text on a phone, and (with SCREENSHOT_DIR set) a PNG of each for a human to look
// at.
const shots = process.env.SCREENSHOT_DIR
if (shots) mkdirSync(shots, { recursive: true })

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Conta de/ }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/app\/login$/)
}

/**
 * Every table with a frame shows every value whole: nothing hidden behind a sideways scroll,
 * no cell outside its frame, no text cut inside a cell. Where the columns do not fit, the list
 * kit shows cards (`data-layout="cards"`): each field of a card then shows its label beside its
 * value. At 1280 px every table fits as a table, with room for a desktop browser's scrollbar
 * (about 16 px of the 1280).
 */
async function tableProblems(page: Page, desktop: boolean) {
  return page.evaluate((desktop) => {
    const problems: string[] = []
    const cutInside = (element: Element) =>
      [element, ...element.querySelectorAll('*')].some((node) => {
        const style = getComputedStyle(node)
        const clips =
          ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis'
        return clips && node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 1
      })
    for (const table of document.querySelectorAll('table')) {
      const frame = table.parentElement!
      // Tables only for screen readers (a chart's data) have no frame to fit.
      if (frame.clientWidth <= 1) continue
      // A table in a closed <details> ("Como o limite é calculado") is shown when it is opened.
      if (table.closest('details:not([open])')) continue
      const name = table.caption?.textContent ?? '(sem legenda)'
      const cards = frame.dataset.layout === 'cards'
      if (frame.scrollWidth > frame.clientWidth + 1)
        problems.push(
          `${name}: ${frame.scrollWidth - frame.clientWidth} px behind a sideways scroll`,
        )
      if (!cards) {
        const room = frame.clientWidth - (desktop ? 16 : 0)
        const width = table.style.width
        table.style.width = 'min-content'
        const needs = Math.ceil(table.getBoundingClientRect().width)
        table.style.width = width
        if (needs > room) problems.push(`${name}: ${needs} px in ${room} px`)
      } else if (desktop) problems.push(`${name}: cards at a desktop width`)
      const box = frame.getBoundingClientRect()
      for (const cell of table.querySelectorAll('tbody td, tbody th, tfoot td, tfoot th')) {
        const text = (cell.textContent ?? '').trim()
        const hasControl = cell.querySelector('input, select, button, a') !== null
        if (!text && !hasControl) continue
        const where = `${name}: "${text.slice(0, 40)}"`
        if (!cell.checkVisibility()) {
          problems.push(`${where} hidden`)
          continue
        }
        const rect = cell.getBoundingClientRect()
        if (rect.left < box.left - 1 || rect.right > box.right + 1)
          problems.push(`${where} outside its frame`)
        if (cutInside(cell)) problems.push(`${where} cut`)
        if (cards && cell.getAttribute('data-card') === 'field') {
          const label = cell.querySelector('[data-part="label"]')
          if (!label?.checkVisibility() || !(label.textContent ?? '').trim())
            problems.push(`${where} without its label`)
        }
      }
    }
    return problems
  }, desktop)
}

/**
 * On a phone, every link and button in a list or a card of the page is a touch target of at least
 * 44 × 44 px (WCAG 2.5.5), except a link inside a sentence (the text around it is its target).
 * With `scope` (a wizard's page, an open dialog), every link and button inside it counts, in a
 * list or not.
 */
async function smallTargets(page: Page, scope?: string) {
  return page.evaluate((scope) => {
    const problems: string[] = []
    const inside = scope ?? 'main'
    for (const control of document.querySelectorAll<HTMLElement>(
      `${inside} a[href], ${inside} button, ${inside} summary`,
    )) {
      if (!control.checkVisibility()) continue
      if (!scope && !control.closest('li, table, section, article, dl, [role="region"]')) continue
      const own = (control.textContent ?? '').trim()
      const around = (control.parentElement?.textContent ?? '').trim()
      if (control.tagName === 'A' && around.length > own.length + 2) continue
      const box = control.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (box.height < 43.5 || box.width < 43.5)
        problems.push(
          `"${(own || control.getAttribute('aria-label') || control.tagName).slice(0, 40)}": ${Math.round(box.width)} × ${Math.round(box.height)} px`,
        )
    }
    return problems
  }, scope)
}

/**
 * On a phone, a list inside a card (what a month still lacks, a reconciliation's reasons) reads
 * from the left: every line of an item starts where its bullet is drawn, at the item's left edge,
 * not pushed right by a card value's right alignment (src/ui/Table.module.css). Each problem names
 * the item and how far its text sits from its bullet.
 */
async function bulletsAwayFromText(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    for (const item of document.querySelectorAll<HTMLElement>('[data-layout="cards"] li')) {
      if (!item.checkVisibility()) continue
      const style = getComputedStyle(item)
      if (style.display !== 'list-item' || style.listStyleType === 'none') continue
      const start =
        item.getBoundingClientRect().left +
        parseFloat(style.borderLeftWidth) +
        parseFloat(style.paddingLeft)
      // Each line's start: the leftmost piece of the item's own text on it (a nested list's
      // items are checked on their own).
      const lineStarts = new Map<number, number>()
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('li') !== item || !node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) {
          if (rect.width === 0) continue
          const line = Math.round(rect.bottom)
          lineStarts.set(line, Math.min(lineStarts.get(line) ?? Infinity, rect.left))
        }
      }
      const away = Math.max(0, ...[...lineStarts.values()].map((left) => left - start))
      if (away > 2)
        problems.push(
          `"${(item.textContent ?? '').trim().slice(0, 40)}": ${Math.round(away)} px from its bullet`,
        )
    }
    return problems
  })
}

/**
 * An open dialog on a phone: every button and link whole inside the screen's width (none cut,
 * none beyond the edge) and at least 44 px; the dialog itself not wider than the screen.
 */
async function dialogProblems(page: Page) {
  const cut = await page.evaluate(() => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      if (!dialog.checkVisibility()) continue
      if (dialog.scrollWidth > dialog.clientWidth + 1)
        problems.push(
          `the dialog scrolls sideways by ${dialog.scrollWidth - dialog.clientWidth} px`,
        )
      for (const control of dialog.querySelectorAll<HTMLElement>('a[href], button')) {
        if (!control.checkVisibility()) continue
        const box = control.getBoundingClientRect()
        const name = (control.textContent ?? '').trim() || control.getAttribute('aria-label')
        if (box.left < -1 || box.right > width + 1) problems.push(`"${name}" beyond the screen`)
        if (control.scrollWidth > control.clientWidth + 1) problems.push(`"${name}" cut`)
      }
    }
    return problems
  })
  return [...cut, ...(await smallTargets(page, '[role="dialog"]'))]
}

/**
 * English UI words that would betray a string left untranslated. `innerText` is the page's visible
 * text: the values of inputs (a native month field Chromium draws in its own language) are not in
 * it. Case-sensitive, whole words: "Cancelar" or "Erro" do not match.
 */
const ENGLISH_WORDS =
  /\b(Loading|Error|Submit|Cancel|Close|Save|Delete|Edit|Page not found|Not found|Search|Next|Previous|Settings|Sign in|Sign out|Back)\b/g

async function englishWords(page: Page) {
  const text = await page.evaluate(() => document.body.innerText)
  return [...new Set(text.match(ENGLISH_WORDS) ?? [])]
}

async function check(page: Page, name: string, title: string, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page).toHaveTitle(`${title} | Contabil`)
  expect(await englishWords(page), `${name}: English words on the page`).toEqual([])
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
  const desktop = (page.viewportSize()?.width ?? 0) >= 1280
  if (desktop) {
    // The header shows the signed-in person's name whole.
    const person = page.getByTestId('user-name')
    if (await person.count())
      expect(
        await person.evaluate((element) => element.scrollWidth - element.clientWidth),
        `${name}: the header cuts the person's name`,
      ).toBeLessThanOrEqual(0)
  }
  expect(await tableProblems(page, desktop), `${name}: tables with a value cut or hidden`).toEqual(
    [],
  )
  if (!desktop)
    expect(await bulletsAwayFromText(page), `${name}: bullets away from their text`).toEqual([])
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

const clientScreens: [string, string, string][] = [
  ['/app/panel', 'panel', 'Painel'],
  ['/app/invoices', 'invoices', 'Notas fiscais'],
  ['/app/documents', 'documents', 'Documentos'],
  ['/app/bank-statements/accounts', 'bank-accounts', 'Extratos bancários'],
  [
    '/app/bank-statements/accounts/acc-ana-cora/transactions',
    'bank-transactions',
    'Movimentações da conta',
  ],
  ['/app/bank-statements/reconciliation', 'bank-reconciliation', 'Conciliação bancária'],
  ['/app/profits', 'profits', 'Lucros'],
  ['/app/payroll', 'payroll', 'Pró-labore'],
  ['/app/user/my-income-reports', 'my-income-reports', 'Informe de rendimentos'],
  ['/app/user/my-docs', 'my-docs', 'Meus documentos'],
  ['/app/user/my-certificate', 'my-certificate', 'Certificado digital'],
  ['/app/user/my-profile', 'my-profile', 'Meu perfil'],
  ['/app/user/my-referrals', 'my-referrals', 'Indicações'],
  ['/app/user/my-billing', 'my-billing', 'Cobrança'],
  ['/app/user/my-invites', 'my-invites', 'Convites'],
  ['/app/partners/duca', 'duca', 'Duca'],
  ['/app/wizard/partners/duca', 'duca-wizard', 'Cadastro no programa Duca'],
]

const adminScreens: [string, string, string][] = [
  ['/app/admin/companies', 'admin-companies', 'Empresas'],
  ['/app/admin/companies/opening-orders', 'admin-opening-orders', 'Pedidos de abertura'],
  ['/app/admin/companies/migration-orders', 'admin-migration-orders', 'Pedidos de migração'],
  ['/app/admin/invoices/nf-requests', 'admin-nf-requests', 'Solicitações de NFS-e'],
  ['/app/admin/users', 'admin-users', 'Usuários'],
  ['/app/admin/users/uid-marcos', 'admin-user', 'Marcos Vinícius Duarte'],
  ['/app/admin/year-end', 'admin-year-end', 'Fechamento do ano'],
  ['/app/admin/simples', 'admin-simples', 'Fechamento do mês'],
  ['/app/admin/selic', 'admin-selic', 'Taxa Selic'],
]

/**
 * The dialogs and drawers of ana's screens swept on a phone: the page (its h1), then each
 * dialog's name for the screenshot, the button that opens it and the dialog's accessible name.
 * Her DARF of IRRF fell due last month in the seed (tests/server/simples.test.ts): past due,
 * Documentos offers its updated guide.
 */
const phoneDialogs: [string, string, string, string | RegExp, string][] = [
  ['/app/documents', 'Documentos', 'upload', 'Enviar documento', 'Enviar documento'],
  [
    '/app/documents',
    'Documentos',
    'updated-guide',
    'Gerar guia atualizada',
    'Gerar guia atualizada',
  ],
  ['/app/documents', 'Documentos', 'mark-paid', 'Marcar como paga', 'Marcar a guia como paga?'],
  [
    '/app/invoices',
    'Notas fiscais',
    'new-invoice',
    'Nova solicitação',
    'Nova solicitação de NFS-e',
  ],
  [
    '/app/invoices',
    'Notas fiscais',
    'invoice-drawer',
    /^Detalhes da nota de /,
    'Solicitação de NFS-e',
  ],
  [
    '/app/bank-statements/accounts',
    'Extratos bancários',
    'ofx-import',
    'Importar OFX',
    'Importar extrato OFX',
  ],
  [
    '/app/bank-statements/accounts',
    'Extratos bancários',
    'delete-account',
    /^Excluir a conta /,
    'Excluir a conta bancária?',
  ],
  [
    '/app/bank-statements/reconciliation',
    'Conciliação bancária',
    'choose-invoices',
    'Já tem nota: escolher',
    'Escolher as notas',
  ],
  [
    '/app/bank-statements/reconciliation',
    'Conciliação bancária',
    'explain-credit',
    /^Explicar sem nota/,
    'Explicar a entrada sem nota',
  ],
  ['/app/user/my-billing', 'Cobrança', 'receipt', /^Recibo de/, 'Recibo de pagamento'],
  [
    '/app/user/my-certificate',
    'Certificado digital',
    'remove-certificate',
    'Remover certificado',
    'Remover o certificado?',
  ],
]

for (const [width, suffix] of [
  [1280, 'desktop'],
  [390, 'mobile'],
] as const) {
  test.describe(`screens at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 860 } })

    test('login and sign-up', async ({ page }) => {
      await page.goto('/app/login')
      await check(page, `login-${suffix}`, 'Entrar', 'Entrar')
      await page.goto('/app/login?mode=signup&track=migrate-company&indicatedBy=ANA1234')
      await check(page, `signup-${suffix}`, 'Entrar', 'Criar conta')
      await page.getByRole('button', { name: 'Criar conta' }).click()
      await expect(page.getByText('E-mail inválido')).toBeVisible()
      if (shots)
        await page.screenshot({
          path: path.join(shots, `signup-errors-${suffix}.png`),
          fullPage: true,
        })
    })

    test('the client area', async ({ page }) => {
      // Sixteen screens, each checked with axe: a busy 2-core machine needs more than a minute.
      test.setTimeout(180_000)
      await page.goto('/app/login')
      await signIn(page, 'ana@contabil.dev')
      await expect(page).toHaveURL(/\/app\/panel$/)
      const small: string[] = []
      for (const [url, name, title] of clientScreens) {
        await page.goto(url)
        await check(page, `${name}-${suffix}`, title, title)
        // A wizard's step (Duca's): every button and link of it; elsewhere, lists and cards.
        const scope = url.startsWith('/app/wizard/') ? 'main' : undefined
        if (width === 390)
          small.push(...(await smallTargets(page, scope)).map((p) => `${name}: ${p}`))
      }
      expect(small, 'touch targets under 44 px in lists and cards').toEqual([])
      if (width === 390) {
        // "Por categoria" on a phone: a summary of the categories that moved most, "Ver todas".
        await page.goto(`/app/panel?periodo=${new Date().getFullYear()}`)
        const categories = page.getByRole('table', { name: /^Movimentações por categoria em / })
        const showAll = page.getByRole('button', { name: /^Ver todas as \d+ categorias$/ })
        await expect(showAll).toBeVisible()
        const total = Number((await showAll.textContent())!.match(/\d+/)![0])
        await expect(categories.locator('tbody tr')).toHaveCount(5)
        await showAll.click()
        await expect(categories.locator('tbody tr')).toHaveCount(total)
        await expect(page.getByRole('button', { name: 'Ver menos' })).toBeFocused()
      }
      // Her track is done: the wizard gate sends her back to the panel.
      await page.goto('/app/wizard/company-opening')
      await expect(page).toHaveURL(/\/app\/panel$/)
      await page.goto('/app/admin/users')
      await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible()
      if (shots)
        await page.screenshot({ path: path.join(shots, `403-${suffix}.png`), fullPage: true })
      if (width === 390) {
        await page.goto('/app/panel')
        await page.getByRole('button', { name: 'Abrir menu' }).click()
        await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible()
        if (shots) await page.screenshot({ path: path.join(shots, `menu-${suffix}.png`) })
      }
    })

    test('the wizards and the back office', async ({ page }) => {
      test.setTimeout(180_000)
      await page.goto('/app/login')
      await signIn(page, 'bruno@contabil.dev')
      await expect(page).toHaveURL(/company-opening$/)
      // Bruno is at the opening's partner step (the full partner fields).
      await expect(page.getByRole('form', { name: 'Cadastro dos sócios' })).toBeVisible()
      await check(page, `wizard-opening-${suffix}`, 'Abertura da empresa', 'Abertura da empresa')
      // On a phone, every button and link of a wizard's step is a touch target.
      const wizardSmall: string[] = []
      const wizardTargets = async (name: string) => {
        if (width === 390)
          wizardSmall.push(...(await smallTargets(page, 'main')).map((p) => `${name}: ${p}`))
      }
      await wizardTargets('wizard-opening')
      await signOut(page)
      // Carla's migration has not reached its accountant step: her partners (the basic fields)
      // can still be revised.
      await signIn(page, 'carla@contabil.dev')
      await expect(page).toHaveURL(/company-migration$/)
      await page.goto('/app/wizard/company-migration?etapa=partner-registration-basic')
      await expect(page.getByRole('form', { name: 'Sócios' })).toBeVisible()
      await check(
        page,
        `wizard-migration-partners-${suffix}`,
        'Troca de contador',
        'Troca de contador',
      )
      await wizardTargets('wizard-migration-partners')
      expect(wizardSmall, 'touch targets under 44 px in the wizards').toEqual([])
      await signOut(page)
      await signIn(page, ADMIN.email, ADMIN.password)
      await expect(page).toHaveURL(/\/app\/admin\/companies$/)
      const small: string[] = []
      // On a phone, the back office's lists and cards are touch targets too.
      const targets = async (name: string) => {
        if (width === 390) small.push(...(await smallTargets(page)).map((p) => `${name}: ${p}`))
      }
      for (const [url, name, title] of adminScreens) {
        await page.goto(url)
        await check(page, `${name}-${suffix}`, title, title)
        await targets(name)
      }
      // A company's month in the close queue (its page is titled by the company).
      await page.goto('/app/admin/simples/cmp-ana-design')
      await check(page, `admin-simples-month-${suffix}`, 'Apuração – Ana Design', /^Apuração de /)
      await targets('admin-simples-month')
      // A request in the NFS-e queue, titled by its taker.
      await page.goto('/app/admin/invoices/nf-requests/nfs-ana-aguardando')
      const request = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
      expect(request).toMatch(/^NFS-e para /)
      await check(page, `admin-nf-request-${suffix}`, request, request)
      await targets('admin-nf-request')
      // An order far along: every step's data, as the step registry's views show it.
      await page.goto('/app/admin/companies/orders/cmp-beatriz-nutri')
      await check(page, `admin-order-${suffix}`, 'Nutri Bia', 'Nutri Bia')
      await targets('admin-order')
      await page.goto('/app/admin/companies/cmp-eva-comercio')
      // The page is titled by the company's name (its loader reads it), not its id.
      await check(page, `admin-company-${suffix}`, 'Ateliê Lima & Santos', 'Ateliê Lima & Santos')
      await targets('admin-company')
      // The company's other tabs, each at its own address.
      for (const [tab, label] of [
        ['situacao', 'Situação'],
        ['trilha', 'Trilha'],
        ['pessoas', /^Pessoas/],
        ['conciliacao', 'Conciliação'],
      ] as const) {
        await page.goto(`/app/admin/companies/cmp-eva-comercio?tab=${tab}`)
        await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible()
        await expect(page.getByRole('tabpanel')).toBeVisible()
        await check(
          page,
          `admin-company-${tab}-${suffix}`,
          'Ateliê Lima & Santos',
          'Ateliê Lima & Santos',
        )
        await targets(`admin-company-${tab}`)
      }
      // A company's year: a Simples company's DEFIS, profits and income reports; a MEI's
      // DASN-SIMEI.
      const lastYear = new Date().getFullYear() - 1
      await page.goto(`/app/admin/year-end/cmp-ana-design?ano=${lastYear}`)
      await check(
        page,
        `admin-year-ana-${suffix}`,
        `Ana Design em ${lastYear}`,
        `Ana Design em ${lastYear}`,
      )
      await targets('admin-year-ana')
      await page.goto(`/app/admin/year-end/cmp-marcelo-techfix?ano=${lastYear}`)
      const mei = `TechFix JP em ${lastYear}`
      await check(page, `admin-year-mei-${suffix}`, mei, mei)
      await targets('admin-year-mei')
      // An address no page has, signed in: the 404 inside the app's layout.
      await page.goto('/app/admin/nao-existe')
      await check(page, `admin-404-${suffix}`, 'Página não encontrada', 'Página não encontrada')
      expect(small, 'touch targets under 44 px in lists and cards').toEqual([])
    })

    if (width === 390)
      test('open dialogs and drawers fit a phone, every button whole and 44 px', async ({
        page,
      }) => {
        test.setTimeout(180_000)
        await page.goto('/app/login')
        await signIn(page, 'ana@contabil.dev')
        await expect(page).toHaveURL(/\/app\/panel$/)
        const problems: string[] = []
        /** Opens a dialog from its opener, checks it, and closes it with Escape (nothing saved). */
        const sweep = async (name: string, opener: Locator, dialog: string | RegExp) => {
          await opener.click()
          const open = page.getByRole('dialog', { name: dialog })
          await expect(open).toBeVisible()
          // Past its opening animation.
          await expect.poll(() => open.evaluate((e) => e.getAnimations().length)).toBe(0)
          problems.push(...(await dialogProblems(page)).map((p) => `${name}: ${p}`))
          problems.push(...(await englishWords(page)).map((word) => `${name}: English "${word}"`))
          if (shots)
            await page.screenshot({ path: path.join(shots, `dialog-${name}-${suffix}.png`) })
          await page.keyboard.press('Escape')
          await expect(open).toBeHidden()
        }
        let current = ''
        for (const [url, heading, name, button, dialog] of phoneDialogs) {
          if (url !== current) {
            await page.goto(url)
            await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
            current = url
          }
          const exact = typeof button === 'string'
          await sweep(name, page.getByRole('button', { name: button, exact }).first(), dialog)
        }
        expect(
          problems,
          'dialogs on a phone: controls cut, beyond the screen or under 44 px, English words',
        ).toEqual([])

        // A disabled company's page (an account screen outside the app's layout): every link
        // and button of it a touch target.
        await signOut(page)
        await signIn(page, 'davi@contabil.dev')
        await expect(page).toHaveURL(/\/app\/user\/disabled$/)
        await check(page, `disabled-${suffix}`, 'Empresa desativada', 'Empresa desativada')
        expect(await smallTargets(page, 'body'), 'the disabled page: touch targets').toEqual([])
      })

    if (width === 1280)
      test('the header shows the longest seeded names whole', async ({ page }) => {
        for (const email of ['marcelo.techfix.jp@gmail.com', 'ricardo@autopecasfernandes.com.br']) {
          await page.goto('/app/login')
          await signIn(page, email)
          await expect(page).toHaveURL(/\/app\/panel$/)
          await check(page, `header-${email.split(/[.@]/)[0]}-${suffix}`, 'Painel', 'Painel')
          await signOut(page)
        }
      })

    test('the 404 page', async ({ page }) => {
      await page.goto('/nao-existe/mesmo')
      await expect(page.getByTestId('status-message')).toHaveText(
        'Page not found: /nao-existe/mesmo',
      )
      if (shots)
        await page.screenshot({ path: path.join(shots, `404-${suffix}.png`), fullPage: true })
    })
  })
}
