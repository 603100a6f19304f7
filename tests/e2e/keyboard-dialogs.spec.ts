import { expect, test, type Locator, type Page } from '@playwright/test'
import { ADMIN, signIn, signInFromLogin } from './support'
import { takeTurnsWith } from './company-turns'
import { ANA, ANA_COMPANY, api } from './invoices/support'

// Escape on every dialog, drawer and confirmation of the signed-in app gives focus back to what
// opened it (src/ui/return-focus.ts, used by src/ui/Dialog.tsx and src/ui/SidePanel.tsx), walked
// with the keyboard only: Tab to the opener, Enter opens, focus is inside the dialog, Escape
// closes it and the opener has focus again — never <body>.

/** Tabs through the page until `target` has focus (it is reachable by keyboard). */
async function tabTo(page: Page, target: Locator, limit = 300) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${String(target)} in ${limit} presses`)
}

/** Opens the dialog from its opener with the keyboard and closes it with Escape. */
async function escapeReturnsFocus(page: Page, opener: Locator, dialogName: string | RegExp) {
  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: dialogName })
  await expect(dialog).toBeVisible()
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
}

/** Puts focus at the start of the page's main region (AppShell's #conteudo): Tab walks on from there. */
const fromMain = (page: Page) => page.locator('#conteudo').focus()

/** Loads a page; the walk starts at its main region. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await fromMain(page)
}

test.describe.configure({ mode: 'serial' })

// Ana's data (her certificate, invoices, statement) is changed by other files: one at a time.
takeTurnsWith(ANA_COMPANY)

test("ana's dialogs and drawers: Escape gives focus back to the button that opened them", async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInFromLogin(page, ANA)
  await expect(page).toHaveURL(/\/app\/panel/)

  // Documentos: the upload dialog; a guide past due offers the updated guide.
  await open(page, '/app/documents', 'Documentos')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Enviar documento' }),
    'Enviar documento',
  )
  // Her DARF of IRRF fell due last month in the seed, on any day (tests/server/simples.test.ts
  // checks it): past due, it offers the updated guide.
  const overdue = page.getByRole('listitem', { name: /\(vencida\)$/ }).first()
  await escapeReturnsFocus(
    page,
    overdue.getByRole('button', { name: 'Gerar guia atualizada' }),
    'Gerar guia atualizada',
  )
  await escapeReturnsFocus(
    page,
    overdue.getByRole('button', { name: 'Marcar como paga' }),
    'Marcar a guia como paga?',
  )

  // The certificate: removing it asks first.
  await open(page, '/app/user/my-certificate', 'Certificado digital')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Remover certificado' }),
    'Remover o certificado?',
  )

  // Notas fiscais: the new request's drawer, and a request's details drawer.
  await open(page, '/app/invoices', 'Notas fiscais')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Nova solicitação' }),
    'Nova solicitação de NFS-e',
  )
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: /^Detalhes da nota de / }).first(),
    'Solicitação de NFS-e',
  )

  // Extratos: the OFX import, removing an account, exporting an account's statement.
  await open(page, '/app/bank-statements/accounts', 'Extratos bancários')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Importar OFX' }).first(),
    'Importar extrato OFX',
  )
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: /^Excluir a conta / }).first(),
    'Excluir a conta bancária?',
  )
  await open(
    page,
    '/app/bank-statements/accounts/acc-ana-cora/transactions',
    'Movimentações da conta',
  )
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Exportar', exact: true }),
    'Exportar extrato',
  )

  // Agendamentos: a new recurring invoice.
  await open(page, '/app/invoices?tab=agendamentos', 'Notas fiscais')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Novo agendamento' }).first(),
    'Novo agendamento',
  )

  // Cobrança: a paid month's receipt.
  await open(page, '/app/user/my-billing', 'Cobrança')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: /^Recibo de/ }).first(),
    'Recibo de pagamento',
  )

  // Conciliação: choosing the invoices of a credit, explaining one without an invoice.
  await open(page, '/app/bank-statements/reconciliation', 'Conciliação bancária')
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Já tem nota: escolher' }).first(),
    'Escolher as notas',
  )
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: /^Explicar sem nota/ }).first(),
    'Explicar a entrada sem nota',
  )
})

test("the accountant's dialogs: Escape gives focus back to the button that opened them", async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin/)

  // Usuários: a new access.
  await open(page, '/app/admin/users', 'Usuários')
  await escapeReturnsFocus(page, page.getByRole('button', { name: 'Novo usuário' }), 'Novo usuário')

  // A company's situation: each move asks first (a reason, or a confirmation).
  await open(page, `/app/admin/companies/${ANA_COMPANY}?tab=situacao`, /Ana Design/)
  const move = page.getByRole('group', { name: 'Mudar a situação' }).getByRole('button').first()
  await escapeReturnsFocus(page, move, /\?$/)

  // An NFS-e the national system issued: its cancellation event.
  const issued = (
    await api<{ data: { id: string; status: string; accessKey?: string | null }[] }>(
      ANA,
      'GET',
      `/nfs/requests?companyId=${ANA_COMPANY}&limit=100`,
    )
  ).body.data.find((request) => request.status === 'issued' && request.accessKey)
  expect(issued, 'an NFS-e of the national system in the seed').toBeTruthy()
  await open(page, `/app/admin/invoices/nf-requests/${issued!.id}`, /\S/)
  await escapeReturnsFocus(
    page,
    page.getByRole('button', { name: 'Cancelar NFS-e' }),
    /^Cancelar a NFS-e nº/,
  )

  // The late close's question (src/screens/back-office/simples/LateCloseDialog.tsx) opens only
  // on a month ready to close whose DAS is past due: tests/e2e/simples/shop-close.spec.ts walks it
  // there, after making the shop's month ready.
})
