import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support'
import {
  adminSession,
  checkStep,
  pdfFile,
  randomCnpj,
  randomCpf,
  stepHeading,
  todayBr,
} from './support'

// The opening end to end: a visitor clicks "Abrir empresa", signs up and goes through
// the six steps, while the accountant, in a second browser, does the back-office actions that
// move the track, until the client's panel shows the company active with its CNPJ. Every step is
// checked with axe and photographed at 1280 and 390 px.

test('a visitor opens a company, from "Abrir empresa" to the active company with its CNPJ', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000)
  const email = uniqueEmail('marina')
  const cnpj = randomCnpj()

  // The public site: "Abrir empresa", then sign-up on the opening track.
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'Abrir empresa' }).first().click()
  await expect(page).toHaveURL(/\/abrir-empresa$/)
  await page.getByRole('link', { name: 'Começar a abertura' }).first().click()
  const signUp = page.getByRole('form', { name: 'Criar conta' })
  await expect(signUp.getByRole('radio', { name: /Abrir empresa/ })).toBeChecked()
  await signUp
    .getByRole('textbox', { name: 'Nome completo', exact: true })
    .fill('Marina Alves Costa')
  await signUp.getByLabel('E-mail').fill(email)
  await signUp.getByLabel('Senha').fill('segredo123')
  await signUp.getByLabel('Celular').pressSequentially('11988887777')
  await signUp.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Abertura da empresa' })).toBeVisible()

  // 1. Pré-cadastro.
  const pre = page.getByRole('form', { name: 'Pré-cadastro' })
  await expect(pre).toBeVisible()
  await checkStep(page, 'wizard-1-pre-cadastro-vazio')
  await pre.getByRole('button', { name: 'Continuar' }).click()
  await expect(
    pre.getByRole('alert').filter({ hasText: 'Confira os campos marcados' }),
  ).toBeFocused()
  await expect(pre.getByText('Escolha pelo menos uma atividade').first()).toBeVisible()
  await checkStep(page, 'wizard-1-pre-cadastro-erros')

  await pre
    .getByRole('textbox', { name: '1ª opção (preferida)', exact: true })
    .fill('Marina Costa Doces Ltda')
  await pre.getByRole('textbox', { name: '2ª opção', exact: true }).fill('Doces da Marina Ltda')
  await pre
    .getByRole('textbox', { name: 'Descreva o negócio em poucas palavras', exact: true })
    .fill('doces e bolos por encomenda')
  await pre.getByRole('button', { name: 'Sugerir nomes' }).click()
  const ideas = pre.getByRole('list', { name: 'Sugestões de nome fantasia' })
  await ideas.getByRole('button').first().click()
  await expect(pre.getByRole('textbox', { name: 'Nome fantasia', exact: true })).not.toHaveValue('')
  // An activity from the typeahead, by keyboard…
  const search = pre.getByRole('combobox', { name: 'Buscar atividade (CNAE)' })
  await search.fill('bolos')
  await expect(page.getByRole('listbox', { name: 'Atividades encontradas' })).toBeVisible()
  await search.press('ArrowDown')
  await search.press('Enter')
  const chosen = pre.getByRole('list', { name: 'Atividades escolhidas' })
  await expect(chosen.getByRole('listitem')).toHaveCount(1)
  // …and one the assistant suggests for a description.
  await pre
    .getByRole('textbox', { name: 'Descreva o que sua empresa faz', exact: true })
    .fill('vendo doces e salgados para festas')
  await pre.getByRole('button', { name: 'Sugerir atividades' }).click()
  const suggestions = pre.getByRole('list', { name: 'Sugestões do Luca' })
  await suggestions
    .getByRole('button', { name: /^Adicionar/ })
    .first()
    .click()
  await expect(chosen.getByRole('listitem')).toHaveCount(2)
  await pre.getByRole('textbox', { name: 'CEP', exact: true }).pressSequentially('01310200')
  await expect(pre.getByRole('textbox', { name: 'Rua', exact: true })).toHaveValue(
    'Avenida Paulista',
  )
  await expect(pre.getByRole('textbox', { name: 'Número', exact: true })).toBeFocused()
  await pre.getByRole('textbox', { name: 'Número', exact: true }).fill('1578')
  await pre.getByRole('radio', { name: /Sociedade limitada unipessoal/ }).check()
  await pre.getByRole('radio', { name: /Microempresa \(ME\)/ }).check()
  await expect(pre.getByText(/MEI não está disponível porque/)).toBeVisible()
  await checkStep(page, 'wizard-1-pre-cadastro-preenchido')
  await pre.getByRole('button', { name: 'Continuar' }).click()

  // 2. Sócios: the signed-in person comes first; one partner makes the company an SLU.
  const partners = page.getByRole('form', { name: 'Cadastro dos sócios' })
  await expect(stepHeading(page, 'Cadastro dos sócios')).toBeFocused()
  await expect(partners.getByRole('textbox', { name: 'Nome completo', exact: true })).toHaveValue(
    'Marina Alves Costa',
  )
  await partners
    .getByRole('textbox', { name: 'CPF', exact: true })
    .pressSequentially(randomCpf().replace(/\D/g, ''))
  await partners
    .getByRole('textbox', { name: 'Data de nascimento', exact: true })
    .pressSequentially('15031990')
  await partners
    .getByRole('combobox', { name: 'Estado civil', exact: true })
    .selectOption('married')
  await partners
    .getByRole('combobox', { name: 'Regime de bens', exact: true })
    .selectOption('community_property')
  await partners.getByRole('button', { name: 'Usar o endereço da empresa' }).click()
  await expect(partners.getByText('Soma 100%: tudo certo.')).toBeVisible()
  await expect(partners.getByText(/Sociedade limitada unipessoal \(SLU\)/).first()).toBeVisible()
  await checkStep(page, 'wizard-2-socios')
  await partners.getByRole('button', { name: 'Continuar' }).click()

  // 3. Assinatura: choose a plan, pay at the checkout, come back.
  await expect(stepHeading(page, 'Assinatura')).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: 'Plano Serviços' })).toBeVisible()
  await checkStep(page, 'wizard-3-assinatura')
  await page.getByRole('button', { name: 'Escolher o plano Serviços e pagar' }).click()
  await expect(page.getByRole('heading', { name: /Primeira mensalidade/ })).toBeVisible()
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible()
  await page.getByRole('link', { name: 'Voltar agora' }).click()
  await expect(page).toHaveURL(/\/app\/wizard\/company-opening\?pagamento=confirmado$/)

  // 4. Guia: the accountant prepares it; the client waits.
  await expect(stepHeading(page, 'Guia de registro')).toBeVisible()
  await expect(
    page.getByText('A contabilidade está preparando a guia da taxa de registro'),
  ).toBeVisible()
  await checkStep(page, 'wizard-4-guia')

  const admin = await adminSession(browser, baseURL!)
  try {
    const office = admin.page
    await office.goto('/app/admin/companies/opening-orders')
    await expect(
      office.getByRole('heading', { level: 1, name: 'Pedidos de abertura' }),
    ).toBeVisible()
    await office
      .getByRole('link', { name: /^(Doces|Marina|.*Marina)/ })
      .first()
      .click()
    await expect(office).toHaveURL(/\/app\/admin\/companies\/orders\/cmp-/)
    await expect(office.getByRole('heading', { level: 1 })).toBeVisible()
    const guide = office.getByRole('form', { name: 'Anexar a guia da taxa de registro' })
    await guide.locator('input[type=file]').setInputFiles(pdfFile('guia-taxa-junta.pdf'))
    await guide
      .getByRole('textbox', { name: 'Valor da taxa', exact: true })
      .pressSequentially('213,53')
    await guide
      .getByRole('textbox', { name: 'Vencimento', exact: true })
      .pressSequentially('10122026')
    await guide
      .getByRole('textbox', { name: 'Linha digitável', exact: true })
      .fill('856700000024 135300270620 026121000009 000000000000')
    await guide.getByRole('button', { name: 'Anexar guia' }).click()
    await expect(office.getByText(/Guia anexada/)).toBeVisible()

    // 5. Comprovante: the client's wizard moves by itself; download the guide, send the receipt.
    await expect(stepHeading(page, 'Comprovante da guia')).toBeVisible({ timeout: 20_000 })
    const receipt = page.getByRole('form', { name: 'Comprovante da guia' })
    await expect(receipt.getByText('R$ 213,53')).toBeVisible()
    const guideDownload = page.waitForEvent('download')
    await receipt.getByRole('button', { name: /Baixar guia/ }).click()
    expect((await guideDownload).suggestedFilename()).toBe('guia-taxa-junta.pdf')
    await checkStep(page, 'wizard-5-comprovante')
    await receipt.locator('input[type=file]').setInputFiles(pdfFile('comprovante.pdf'))
    await expect(receipt.getByText('Comprovante enviado: comprovante.pdf.')).toBeVisible()
    await receipt
      .getByRole('textbox', { name: 'Data do pagamento', exact: true })
      .pressSequentially(todayBr().replace(/\D/g, ''))
    await receipt.getByRole('button', { name: 'Continuar' }).click()

    // 6. Dados da empresa: waiting for the CNPJ.
    await expect(stepHeading(page, 'Dados da empresa (CNPJ)')).toBeVisible()
    await expect(page.getByText('Estamos registrando a empresa')).toBeVisible()
    await checkStep(page, 'wizard-6-aguardando-cnpj')

    // The accountant starts the registration and records the CNPJ the Receita issued.
    const start = office.getByRole('button', { name: 'Iniciar registro' })
    await expect(start).toBeVisible({ timeout: 20_000 })
    await start.click()
    await office.getByRole('dialog').getByRole('button', { name: 'Iniciar registro' }).click()
    await expect(office.getByText(/: Em abertura\.$/)).toBeVisible()
    const record = office.getByRole('form', { name: 'Registrar o CNPJ' })
    await record
      .getByRole('textbox', { name: 'CNPJ', exact: true })
      .pressSequentially(cnpj.replace(/\D/g, ''))
    await record.getByRole('button', { name: 'Registrar CNPJ' }).click()
    await expect(office.getByText(/CNPJ .* registrado/)).toBeVisible()

    // The client sees the Receita's data for it, and confirms.
    await expect(page.getByText('Marina Costa Doces Ltda').first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(cnpj)).toBeVisible()
    await expect(page.getByText('206-2 – Sociedade Empresária Limitada')).toBeVisible()
    await checkStep(page, 'wizard-6-dados-da-receita')
    await page.getByRole('button', { name: 'Confirmar dados' }).click()
    await expect(page).toHaveURL(/\/app\/panel$/)

    // The accountant activates; the client's panel shows the company active with its CNPJ.
    const activate = office.getByRole('button', { name: 'Ativar empresa' })
    await expect(activate).toBeVisible({ timeout: 20_000 })
    await activate.click()
    await office.getByRole('dialog').getByRole('button', { name: 'Ativar empresa' }).click()
    await expect(office.getByText(/: Ativa\.$/)).toBeVisible()
    await expect(office.getByText('Pedido concluído: a empresa está ativa.')).toBeVisible()

    // No reload: while the accountant is working on it, the client's session reads the company
    // again every few seconds.
    await expect(page.getByText('Ativa', { exact: true }).first()).toBeVisible({ timeout: 25_000 })
    await expect(page.getByText(cnpj).first()).toBeVisible()
  } finally {
    await admin.context.close()
  }
})
