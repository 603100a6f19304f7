import { expect, test, type Locator, type Page } from '@playwright/test'
import { addMonths } from '../../src/kernel/dates'
import { ADMIN, dayOfThisMonth, freezeClock, signIn, signInFromLogin, uniqueEmail } from './support'
import { takeTurnsWith } from './company-turns'
import { ANA, ANA_COMPANY, api, todayInBrazil } from './invoices/support'
import { manualIssueRequest, nationalIssueRequest } from './invoices/requests'

// Escape on every dialog, drawer and confirmation of the signed-in app gives focus back to what
// opened it (src/ui/return-focus.ts, used by src/ui/Dialog.tsx and src/ui/SidePanel.tsx), walked
// with the keyboard only: Tab to the opener, Enter opens, focus is inside the dialog, Escape
// closes it and the opener has focus again — never <body>. The data a dialog needs (a document
// ana sent, a pending request, an invite, an order ready to activate or to start its
// registration, a plan change scheduled, a guide's debit unmatched, two months ready to close) is
// made here through the API and taken away at the end; the rest is the seed's, reseeded around
// the file. Nothing depends on the day: the queue's late months are walked on a frozen 28th.
// An action that replaces what had focus (issuing an NFS-e, cancelling it) moves focus to its
// result, walked the same way on a request of ana's made here.

/** Tabs through the page until `target` has focus (it is reachable by keyboard). */
async function tabTo(page: Page, target: Locator, limit = 300) {
  await expect(target).toBeVisible()
  const focused = () => target.evaluate((element) => element === document.activeElement)
  // The opener of the last dialog may be the next one's too (a second step of it).
  if (await focused()) return
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await focused()) return
  }
  throw new Error(`Tab never reached ${String(target)} in ${limit} presses`)
}

/** Puts focus at the start of the page's main region (AppShell's #conteudo): Tab walks on from there. */
const fromMain = (page: Page) => page.locator('#conteudo').focus()

/** Loads a page; the walk starts at its main region. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await fromMain(page)
}

/** The (first) button of this name: an opener in the table. */
const button =
  (name: string | RegExp, exact = false) =>
  (on: Page) =>
    on.getByRole('button', { name, exact }).first()

/** One dialog of the walk. */
type Walk = {
  /** The page its opener is on, and that page's h1. */
  path: string
  heading: string | RegExp
  opener: (page: Page) => Locator
  /** The dialog's accessible name (its title). */
  dialog: string | RegExp
  /** Done before Tab starts: what makes the opener appear (a choice, the drawer it lives in). */
  before?: (page: Page) => Promise<void>
  /** Done inside the opened dialog before Escape: what leads to the step that is closed. */
  inside?: (page: Page) => Promise<void>
}

/**
 * Each dialog in turn: Tab (from where the last one left focus, or from the main region of a page
 * just loaded) to its opener, Enter, focus inside the dialog, Escape, the dialog gone and the
 * opener focused. A page is loaded again after a walk that prepared something (`before`).
 */
async function walkDialogs(page: Page, walks: Walk[]) {
  let at: string | null = null
  for (const walk of walks) {
    if (walk.path !== at) await open(page, walk.path, walk.heading)
    at = walk.before ? null : walk.path
    await walk.before?.(page)
    const opener = walk.opener(page)
    await tabTo(page, opener)
    await page.keyboard.press('Enter')
    await walk.inside?.(page)
    const dialog = page.getByRole('dialog', { name: walk.dialog })
    await expect(dialog).toBeVisible()
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener, `focus back on the opener of "${String(walk.dialog)}"`).toBeFocused()
  }
}

/** A small PDF put in `companyId`'s files as `email`, through its upload link: its stored name. */
async function uploadPdf(email: string, companyId: string, name: string): Promise<string> {
  const fileName = `${name.replace(/[^\p{L}\p{N}]+/gu, '-')}.pdf`
  const link = await api<{ data: { url: string } }>(
    email,
    'GET',
    `/upload/${encodeURIComponent(fileName)}?companyId=${companyId}`,
  )
  expect(link.status).toBe(200)
  const put = await fetch(link.body.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: Buffer.from(`%PDF-1.4\n% ${name}\n`),
  })
  expect(put.ok).toBe(true)
  return ((await put.json()) as { data: { fileName: string } }).data.fileName
}

/** A small PDF sent as `email`, then registered as one of ana's documents. */
async function sendDocument(
  email: string,
  document: { type: 'comprovante' | 'pessoal'; name: string },
): Promise<string> {
  const fileName = await uploadPdf(email, ANA_COMPANY, document.name)
  const created = await api<{ data: { id: string } }>(
    email,
    'POST',
    `/documents?companyId=${ANA_COMPANY}`,
    { ...document, fileName },
  )
  expect(created.status).toBe(201)
  return created.body.data.id
}

/**
 * A request of ana's the file made, taken away as far as its status lets: pending, she deletes
 * it; moved on to processing, the accountant rejects it; issued (a walk stopped half-way), he
 * cancels it.
 */
async function discardRequest(id: string) {
  const own = `companyId=${ANA_COMPANY}`
  const { body } = await api<{ data: { status: string } }>(
    ADMIN.email,
    'GET',
    `/nfs/requests/${id}?${own}`,
  )
  const reason = 'Pedido de teste do teclado, descartado.'
  if (body.data.status === 'pending') await api(ANA, 'DELETE', `/nfs/requests/${id}?${own}`)
  else if (body.data.status === 'processing')
    await api(ADMIN.email, 'PUT', `/nfs/requests/${id}/status/rejected`, { reason })
  else if (body.data.status === 'issued')
    await api(ADMIN.email, 'POST', `/nfs/requests/${id}/cancel`, { code: '9', reason })
}

test.describe.configure({ mode: 'serial' })

/** What the file makes for the dialogs, taken away at the end. */
const tag = Date.now().toString(36)
const made = {
  document: { id: '', name: `Comprovante de aluguel ${tag}` },
  personal: { id: '', name: `Comprovante de residência ${tag}` },
  request: { id: '', description: `Ensaio fotográfico de catálogo ${tag}` },
  /** Issued and cancelled by the accountant with the keyboard. */
  national: { id: '', description: `Direção de arte pelo teclado ${tag}` },
  invite: { id: '', email: uniqueEmail('convite-teclado') },
  /** A debit that paid one of ana's guides, its match undone for "Escolher a guia". */
  guideDebit: { transactionId: '', documentId: '', description: '', undone: false },
}

// Registered before the turns below, so it runs before their reseed and release: while the file
// still holds the companies.
test.afterAll(async () => {
  const own = `companyId=${ANA_COMPANY}`
  // The statement's matches are not reseeded: the guide's debit is matched again, as it was.
  if (made.guideDebit.undone) {
    const again = await api(ANA, 'POST', `/bank-statements/reconciliation?${own}`, {
      transactionId: made.guideDebit.transactionId,
      documentId: made.guideDebit.documentId,
    })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
  }
  for (const id of [made.document.id, made.personal.id].filter(Boolean))
    await api(ANA, 'DELETE', `/documents/${id}?${own}`)
  if (made.invite.id) await api(ANA, 'DELETE', `/invites/${made.invite.id}?${own}`)
  for (const id of [made.request.id, made.national.id].filter(Boolean)) await discardRequest(id)
})

// Ana's data (her certificate, invoices, statement) is changed by other files: one at a time.
takeTurnsWith(ANA_COMPANY)
// Bruno's opening waits at its partner step with its track still open to change (the wizard's
// partner removal, the back office's "Definir trilha"); demo-accounts.spec moves it on.
const BRUNO_COMPANY = 'cmp-bruno-tech'
takeTurnsWith(BRUNO_COMPANY)
// Sandra's migration gets its last step done here, so its order offers "Ativar empresa".
const SANDRA = 'sandra.estetica.manaus@gmail.com'
const SANDRA_COMPANY = 'cmp-sandra-estetica'
takeTurnsWith(SANDRA_COMPANY)
// Gustavo's opening has its registration-fee guide: his receipt, sent here, lets the order start
// the registration.
const GUSTAVO = 'gustavo.pereira.cafe@outlook.com'
const GUSTAVO_COMPANY = 'cmp-gustavo-cafe'
takeTurnsWith(GUSTAVO_COMPANY)
// The law firm's last month needs only its payroll to close: entered here, with ana's, the queue
// has two late months to close at once.
const MARINA_COMPANY = 'cmp-marina-advocacia'
takeTurnsWith(MARINA_COMPANY)

test.beforeAll(async () => {
  made.document.id = await sendDocument(ANA, { type: 'comprovante', name: made.document.name })
  made.personal.id = await sendDocument(ANA, { type: 'pessoal', name: made.personal.name })
  // Two requests of ana's: one the accountant's walk moves on, one he issues and cancels.
  for (const [which, body] of [
    [made.request, manualIssueRequest],
    [made.national, nationalIssueRequest],
  ] as const) {
    const request = await api<{ data: { id: string } }>(
      ANA,
      'POST',
      `/nfs/requests?companyId=${ANA_COMPANY}`,
      { ...body, serviceDescription: which.description },
    )
    expect(request.status).toBe(201)
    which.id = request.body.data.id
  }
  const invite = await api<{ data: { id: string } }>(
    ANA,
    'POST',
    `/invites?companyId=${ANA_COMPANY}`,
    { email: made.invite.email },
  )
  expect(invite.status).toBe(201)
  made.invite.id = invite.body.data.id
})

const ANA_SUBSCRIPTION = 'sub-ana-design'

/**
 * Undoes the match of the newest debit that paid one of ana's guides (as "Desfazer" does): the
 * guide is open again and the debit suggests it. The file's last hook matches it again.
 */
async function undoGuideMatch() {
  const own = `companyId=${ANA_COMPANY}`
  const matched = await api<{
    data: {
      transaction: { id: string; description: string }
      match: { kind: string; documentId?: string } | null
    }[]
  }>(ANA, 'GET', `/bank-statements/reconciliation?${own}&status=matched&side=debit&limit=20`)
  const paid = matched.body.data.find((row) => row.match?.kind === 'guide')
  expect(paid, 'a debit of the seed that paid a guide').toBeTruthy()
  Object.assign(made.guideDebit, {
    transactionId: paid!.transaction.id,
    documentId: paid!.match!.documentId!,
    description: paid!.transaction.description,
  })
  const undone = await api(
    ANA,
    'DELETE',
    `/bank-statements/reconciliation/${paid!.transaction.id}?${own}`,
  )
  expect(undone.status).toBe(200)
  made.guideDebit.undone = true
}

/** The year of last month (ana's profit distributions run up to it). */
function lastMonthsYear() {
  const [year, month] = todayInBrazil().split('-').map(Number) as [number, number]
  return month === 1 ? year - 1 : year
}

test("ana's dialogs and drawers: Escape gives focus back to the button that opened them", async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signInFromLogin(page, ANA)
  await expect(page).toHaveURL(/\/app\/panel/)
  // Her DARF of IRRF fell due last month in the seed, on any day (tests/server/simples.test.ts
  // checks it): past due, it offers the updated guide.
  const overdue = (on: Page) => on.getByRole('listitem', { name: /\(vencida\)$/ }).first()
  const request = `/app/invoices?query=${encodeURIComponent(made.request.description)}`
  const schedules = (on: Page) => on.getByRole('list', { name: 'Agendamentos' })

  await walkDialogs(page, [
    // The panel: the month's sales without invoice.
    {
      path: '/app/panel',
      heading: 'Painel',
      opener: button('Informar a receita sem nota'),
      dialog: /^Receita sem nota de /,
    },
    // Documentos: the upload, deleting what she sent, the past-due guide's two questions.
    {
      path: '/app/documents',
      heading: 'Documentos',
      opener: button('Enviar documento'),
      dialog: 'Enviar documento',
    },
    {
      path: '/app/documents',
      heading: 'Documentos',
      opener: button(`Excluir: ${made.document.name}`, true),
      dialog: 'Excluir o documento?',
    },
    {
      path: '/app/documents',
      heading: 'Documentos',
      opener: (on) => overdue(on).getByRole('button', { name: 'Gerar guia atualizada' }),
      dialog: 'Gerar guia atualizada',
    },
    {
      path: '/app/documents',
      heading: 'Documentos',
      opener: (on) => overdue(on).getByRole('button', { name: 'Marcar como paga' }),
      dialog: 'Marcar a guia como paga?',
    },
    // The certificate: removing it asks first.
    {
      path: '/app/user/my-certificate',
      heading: 'Certificado digital',
      opener: button('Remover certificado'),
      dialog: 'Remover o certificado?',
    },
    // Notas fiscais: the new request's drawer; her pending request — its details drawer, its
    // cancellation from the list and from inside the drawer.
    {
      path: '/app/invoices',
      heading: 'Notas fiscais',
      opener: button('Nova solicitação'),
      dialog: 'Nova solicitação de NFS-e',
    },
    {
      path: request,
      heading: 'Notas fiscais',
      opener: button(/^Detalhes da nota de /),
      dialog: 'Solicitação de NFS-e',
    },
    {
      path: request,
      heading: 'Notas fiscais',
      opener: button(/^Cancelar a solicitação de /),
      dialog: 'Cancelar a solicitação?',
    },
    {
      path: request,
      heading: 'Notas fiscais',
      before: (on) => on.getByRole('button', { name: /^Detalhes da nota de / }).click(),
      opener: (on) =>
        on
          .getByRole('dialog', { name: 'Solicitação de NFS-e' })
          .getByRole('button', { name: 'Cancelar solicitação' }),
      dialog: 'Cancelar a solicitação?',
    },
    // Agendamentos: a new one, editing and deleting a seeded one.
    {
      path: '/app/invoices?tab=agendamentos',
      heading: 'Notas fiscais',
      opener: button('Novo agendamento'),
      dialog: 'Novo agendamento',
    },
    {
      path: '/app/invoices?tab=agendamentos',
      heading: 'Notas fiscais',
      opener: (on) => schedules(on).getByRole('button', { name: 'Editar', exact: true }).first(),
      dialog: 'Editar agendamento',
    },
    {
      path: '/app/invoices?tab=agendamentos',
      heading: 'Notas fiscais',
      opener: (on) => schedules(on).getByRole('button', { name: 'Excluir', exact: true }).first(),
      dialog: 'Excluir o agendamento?',
    },
    // Extratos: the OFX import, removing an account, exporting an account's statement.
    {
      path: '/app/bank-statements/accounts',
      heading: 'Extratos bancários',
      opener: button('Importar OFX'),
      dialog: 'Importar extrato OFX',
    },
    {
      path: '/app/bank-statements/accounts',
      heading: 'Extratos bancários',
      opener: button(/^Excluir a conta /),
      dialog: 'Excluir a conta bancária?',
    },
    {
      path: '/app/bank-statements/accounts/acc-ana-cora/transactions',
      heading: 'Movimentações da conta',
      opener: button('Exportar', true),
      dialog: 'Exportar extrato',
    },
    // Conciliação: the import from there, choosing the invoices of a credit, explaining one.
    {
      path: '/app/bank-statements/reconciliation',
      heading: 'Conciliação bancária',
      opener: button('Importar OFX'),
      dialog: 'Importar extrato OFX',
    },
    {
      path: '/app/bank-statements/reconciliation',
      heading: 'Conciliação bancária',
      opener: button('Já tem nota: escolher'),
      dialog: 'Escolher as notas',
    },
    {
      path: '/app/bank-statements/reconciliation',
      heading: 'Conciliação bancária',
      opener: button(/^Explicar sem nota/),
      dialog: 'Explicar a entrada sem nota',
    },
    // A debit that paid a guide, its match undone: the guide is a suggestion again, and "Escolher
    // outra" opens the choice of a guide.
    {
      path: '/app/bank-statements/reconciliation?tab=sugestoes',
      heading: 'Conciliação bancária',
      before: async (on) => {
        await undoGuideMatch()
        await on.reload()
        await expect(
          on.getByRole('heading', { level: 1, name: 'Conciliação bancária' }),
        ).toBeVisible()
        await fromMain(on)
      },
      opener: (on) =>
        on
          .getByRole('article', { name: made.guideDebit.description, exact: true })
          .getByRole('button', { name: 'Escolher outra' }),
      dialog: 'Escolher a guia',
    },
    // Lucros: deleting a distribution of the year.
    {
      path: `/app/profits?ano=${lastMonthsYear()}`,
      heading: 'Lucros',
      opener: button(/^Excluir a distribuição de /),
      dialog: 'Excluir esta distribuição?',
    },
    // Cobrança: a paid month's receipt; another plan (chosen first) asks before it changes.
    {
      path: '/app/user/my-billing',
      heading: 'Cobrança',
      opener: button(/^Recibo de/),
      dialog: 'Recibo de pagamento',
    },
    {
      path: '/app/user/my-billing',
      heading: 'Cobrança',
      before: (on) =>
        on
          .getByRole('group', { name: 'Trocar de plano' })
          .getByRole('radio', { checked: false })
          .first()
          .check(),
      opener: button('Trocar plano', true),
      dialog: /^Trocar para o plano /,
    },
    // A change scheduled (through the API), the current plan chosen again: keeping it asks first.
    {
      path: '/app/user/my-billing',
      heading: 'Cobrança',
      before: async (on) => {
        const scheduled = await api(ANA, 'PUT', `/subscriptions/${ANA_SUBSCRIPTION}/plan`, {
          planId: 'plan-empresarial',
        })
        expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
        await on.reload()
        await expect(
          on.getByRole('status').filter({ hasText: 'Troca de plano agendada' }),
        ).toBeVisible()
        await on
          .getByRole('group', { name: 'Trocar de plano' })
          .getByRole('radio', { name: /\(atual\)/ })
          .check()
        await fromMain(on)
      },
      opener: button('Manter o plano atual', true),
      dialog: 'Manter o plano atual?',
    },
    // Her own documents, the invite she sent, her account.
    {
      path: '/app/user/my-docs',
      heading: 'Meus documentos',
      opener: button(`Excluir ${made.personal.name}`, true),
      dialog: 'Excluir este documento?',
    },
    {
      path: '/app/user/my-invites',
      heading: 'Convites',
      opener: button(`Cancelar convite para ${made.invite.email}`, true),
      dialog: 'Cancelar este convite?',
    },
    {
      path: '/app/user/my-profile',
      heading: 'Meu perfil',
      opener: button('Excluir minha conta'),
      dialog: 'Excluir sua conta?',
    },
  ])
})

test("bruno's wizard: removing a partner asks first, Escape gives focus back", async ({ page }) => {
  await page.goto('/app/login')
  await signIn(page, 'bruno@contabil.dev')
  // Bruno's opening is at its partner step (the full partner fields).
  await expect(page).toHaveURL(/company-opening$/)
  await expect(page.getByRole('form', { name: 'Cadastro dos sócios' })).toBeVisible()
  // A second partner (not saved) brings the "Remover" of each.
  await walkDialogs(page, [
    {
      path: '/app/wizard/company-opening',
      heading: 'Abertura da empresa',
      before: (on) => on.getByRole('button', { name: 'Adicionar sócio' }).click(),
      opener: (on) => on.getByRole('button', { name: 'Remover sócio 2' }),
      dialog: 'Remover sócio?',
    },
  ])
})

test("the accountant's dialogs: Escape gives focus back to the button that opened them", async ({
  page,
}) => {
  test.setTimeout(300_000)
  // An NFS-e the national system issued: its cancellation and substitution events.
  const issued = (
    await api<{ data: { id: string; status: string; accessKey?: string | null }[] }>(
      ANA,
      'GET',
      `/nfs/requests?companyId=${ANA_COMPANY}&limit=100`,
    )
  ).body.data.find((request) => request.status === 'issued' && request.accessKey)
  expect(issued, 'an NFS-e of the national system in the seed').toBeTruthy()
  // Sandra's migration: the registry's data confirmed, her order is ready to activate.
  const info = await api(
    SANDRA,
    'POST',
    `/companies/${SANDRA_COMPANY}/steps/download-company-info`,
    {
      payload: { cnpj: '88.642.300/0001-15' },
    },
  )
  expect(info.status, JSON.stringify(info.body)).toBe(200)
  // Gustavo's opening: he sends the receipt of the registration fee, so his order offers
  // "Iniciar registro".
  const receipt = await uploadPdf(GUSTAVO, GUSTAVO_COMPANY, 'Comprovante da taxa da Junta')
  const paid = await api(
    GUSTAVO,
    'POST',
    `/companies/${GUSTAVO_COMPANY}/steps/upload-guide-receipt`,
    {
      payload: { receipt: { fileName: receipt, paidAt: todayInBrazil() } },
    },
  )
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)

  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin/)
  const pending = `/app/admin/invoices/nf-requests/${made.request.id}`
  const anaCompany = `/app/admin/companies/${ANA_COMPANY}`

  await walkDialogs(page, [
    // Usuários: a new access, and its second step once created.
    {
      path: '/app/admin/users',
      heading: 'Usuários',
      opener: button('Novo usuário', true),
      dialog: 'Novo usuário',
    },
    {
      path: '/app/admin/users',
      heading: 'Usuários',
      opener: button('Novo usuário', true),
      inside: async (on) => {
        const form = on.getByRole('form', { name: 'Novo usuário' })
        await form.getByLabel('Nome completo').fill('Marina Teclado')
        await form.getByLabel('E-mail').fill(uniqueEmail('teclado'))
        await form.getByRole('combobox', { name: 'Empresa' }).fill('Ana Design')
        await on.getByRole('option', { name: /Ana Design/ }).click()
        await form.getByRole('button', { name: 'Criar acesso' }).press('Enter')
      },
      dialog: 'Acesso criado',
    },
    // A company's situation: each move asks first (a reason, or a confirmation).
    {
      path: `${anaCompany}?tab=situacao`,
      heading: /Ana Design/,
      opener: (on) =>
        on.getByRole('group', { name: 'Mudar a situação' }).getByRole('button').first(),
      dialog: /\?$/,
    },
    // Disabling asks for a reason (src/screens/back-office/StatusActions.tsx' ReasonDialog,
    // mounted only while chosen). Escape changes nothing; ana is reseeded when the file ends.
    {
      path: `${anaCompany}?tab=situacao`,
      heading: /Ana Design/,
      opener: (on) =>
        on
          .getByRole('group', { name: 'Mudar a situação' })
          .getByRole('button', { name: 'Desativar empresa → Desativada', exact: true }),
      dialog: /^Desativar Ana Design.*\?$/,
    },
    // Its people's documents: approving or refusing what ana sent.
    {
      path: `${anaCompany}?tab=pessoas`,
      heading: /Ana Design/,
      opener: button(`Aprovar ${made.document.name}`, true),
      dialog: `Aprovar "${made.document.name}"?`,
    },
    {
      path: `${anaCompany}?tab=pessoas`,
      heading: /Ana Design/,
      opener: button(`Recusar ${made.document.name}`, true),
      dialog: `Recusar "${made.document.name}"?`,
    },
    // A pending company's track; an order ready to activate.
    {
      path: `/app/admin/companies/${BRUNO_COMPANY}?tab=trilha`,
      heading: /\S/,
      opener: button('Definir trilha', true),
      dialog: /^Mudar .+ para .+\?$/,
    },
    {
      path: `/app/admin/companies/orders/${GUSTAVO_COMPANY}`,
      heading: /\S/,
      opener: button('Iniciar registro', true),
      dialog: 'Iniciar o registro?',
    },
    {
      path: `/app/admin/companies/orders/${SANDRA_COMPANY}`,
      heading: /\S/,
      opener: button('Ativar empresa', true),
      dialog: 'Ativar a empresa?',
    },
    // The national NFS-e: cancellation and substitution.
    {
      path: `/app/admin/invoices/nf-requests/${issued!.id}`,
      heading: /\S/,
      opener: button('Cancelar NFS-e', true),
      dialog: /^Cancelar a NFS-e nº/,
    },
    {
      path: `/app/admin/invoices/nf-requests/${issued!.id}`,
      heading: /\S/,
      opener: button('Substituir NFS-e', true),
      dialog: /^Substituir a NFS-e nº/,
    },
    // Ana's pending request: processing asks first; once processing, rejecting asks a reason.
    {
      path: pending,
      heading: /\S/,
      opener: button('Iniciar processamento', true),
      dialog: 'Iniciar o processamento?',
    },
    {
      path: pending,
      heading: /\S/,
      before: async (on) => {
        const moved = await api(
          ADMIN.email,
          'PUT',
          `/nfs/requests/${made.request.id}/status/processing`,
          {},
        )
        expect(moved.status).toBe(200)
        await on.reload()
        await expect(on.getByRole('button', { name: 'Rejeitar', exact: true })).toBeVisible()
        await fromMain(on)
      },
      opener: button('Rejeitar', true),
      dialog: 'Rejeitar a solicitação?',
    },
  ])

  // The month page's late close (src/screens/back-office/simples/LateCloseDialog.tsx) is walked in
  // tests/e2e/simples/shop-close.spec.ts, on the shop made ready; the queue's is the next test.
})

test('the accountant issues an NFS-e and cancels it with the keyboard: focus goes to where the request stands', async ({
  page,
}) => {
  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin/)
  await open(page, `/app/admin/invoices/nf-requests/${made.national.id}`, /^NFS-e para /)
  // "Emitir NFS-e" leaves the page with the request issued: focus on the sentence saying so
  // (src/screens/back-office/NfRequestScreen.tsx), never <body>.
  const issue = page.getByRole('button', { name: 'Emitir NFS-e', exact: true })
  await tabTo(page, issue)
  await page.keyboard.press('Enter')
  const focused = page.locator(':focus')
  await expect(focused).toHaveText(/^NFS-e nº \d+ emitida em .* pela Sefin Nacional\./, {
    timeout: 30_000,
  })
  await expect(issue).toHaveCount(0)
  // Cancelled at once (issued a moment ago, inside the deadline): the dialog and its opener go,
  // focus on the sentence saying it is cancelled.
  const cancel = page.getByRole('button', { name: 'Cancelar NFS-e', exact: true })
  await tabTo(page, cancel)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: /^Cancelar a NFS-e nº \d+\?$/ })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Motivo do cancelamento').selectOption('1')
  await dialog.getByLabel('Explique o motivo').fill('Valor digitado errado na nota de teste')
  await dialog.getByRole('button', { name: 'Cancelar NFS-e' }).press('Enter')
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(focused).toHaveText(/^NFS-e nº \d+ cancelada em .*\. Nada mais a fazer\.$/)
  await expect(cancel).toHaveCount(0)
})

test('the month-close queue on the 28th: closing the late months asks first, Escape gives focus back', async ({
  browser,
}) => {
  // Ana's and the law firm's last month lack only their payroll: entered, both are ready. On the
  // 28th (the browser's clock and the server's "today" frozen there) their DAS, due around the
  // 20th, is past due, so closing the page's ready months asks first.
  const period = addMonths(todayInBrazil().slice(0, 7), -1)
  for (const companyId of [ANA_COMPANY, MARINA_COMPANY]) {
    const payroll = `/companies/${companyId}/payroll/${period}`
    const { body } = await api<{ data: { partners: { partnerId: string }[] } }>(
      ADMIN.email,
      'GET',
      payroll,
    )
    const entered = await api(ADMIN.email, 'PUT', payroll, {
      proLabore: body.data.partners.map(({ partnerId }) => ({ partnerId, amount: 5_000 })),
      employees: [],
    })
    expect(entered.status, JSON.stringify(entered.body)).toBe(200)
  }
  const context = await browser.newContext()
  const page = await context.newPage()
  await freezeClock(page, dayOfThisMonth(28))
  await signInFromLogin(page, ADMIN.email)
  await walkDialogs(page, [
    {
      path: `/app/admin/simples?competencia=${period}`,
      heading: 'Fechamento do mês',
      opener: button('Fechar os 2 prontos desta página', true),
      dialog: 'Fechar meses com o DAS já vencido?',
    },
  ])
  await context.close()
})
