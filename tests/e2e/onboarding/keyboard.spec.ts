import { expect, test } from '@playwright/test'
import { uniqueEmail } from '../support'
import {
  asAdmin,
  attachGuideAsAdmin,
  companyIdOf,
  pdfFile,
  randomCnpj,
  randomCpf,
  stepHeading,
  tabTo,
  todayBr,
} from './support'

// The opening wizard with the keyboard alone, from the first field to the last step.
// The client only presses keys (Tab to reach each control, typing, arrows, Space and Enter); the
// accountant's part goes through the API.

test('the opening wizard, keyboard only, from the first field to the company data', async ({
  page,
}) => {
  test.setTimeout(240_000)
  // Sign-up is not the wizard: it is filled the usual way.
  await page.goto('/app/login?mode=signup&track=create-company')
  const signUp = page.getByRole('form', { name: 'Criar conta' })
  await signUp.getByLabel('Nome completo').fill('Jonas Pereira Alves')
  await signUp.getByLabel('E-mail').fill(uniqueEmail('jonas'))
  await signUp.getByLabel('Senha').fill('segredo123')
  await signUp.getByLabel('Celular').pressSequentially('11966665555')
  await signUp.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/)

  const keys = page.keyboard
  const pre = page.getByRole('form', { name: 'Pré-cadastro' })
  const textbox = (scope: typeof pre, name: string) =>
    scope.getByRole('textbox', { name, exact: true })

  // 1. Pré-cadastro.
  await tabTo(page, textbox(pre, '1ª opção (preferida)'))
  await keys.type('Jonas Alves Doces Ltda')
  await tabTo(page, textbox(pre, 'Nome fantasia'))
  await keys.type('Doces do Jonas')
  await tabTo(page, pre.getByRole('combobox', { name: 'Buscar atividade (CNAE)' }))
  await keys.type('bolos')
  await expect(page.getByRole('listbox', { name: 'Atividades encontradas' })).toBeVisible()
  await keys.press('ArrowDown')
  await keys.press('Enter')
  await expect(
    pre.getByRole('list', { name: 'Atividades escolhidas' }).getByRole('listitem'),
  ).toHaveCount(1)
  await tabTo(page, textbox(pre, 'CEP'))
  await keys.type('01310200')
  await expect(textbox(pre, 'Número')).toBeFocused()
  await keys.type('900')
  await tabTo(page, pre.getByRole('radio', { name: /Empresário individual/ }))
  await keys.press('ArrowDown')
  await expect(pre.getByRole('radio', { name: /Sociedade limitada unipessoal/ })).toBeChecked()
  await tabTo(page, pre.getByRole('radio', { name: /Microempresa \(ME\)/ }))
  await keys.press('Space')
  await expect(pre.getByRole('radio', { name: /Microempresa \(ME\)/ })).toBeChecked()
  await tabTo(page, pre.getByRole('button', { name: 'Continuar' }))
  await keys.press('Enter')

  // 2. Sócios: the step's heading takes the focus; the fields follow it.
  const partners = page.getByRole('form', { name: 'Cadastro dos sócios' })
  await expect(stepHeading(page, 'Cadastro dos sócios')).toBeFocused()
  await tabTo(page, textbox(partners, 'CPF'))
  await keys.type(randomCpf().replace(/\D/g, ''))
  await keys.press('Tab')
  await expect(textbox(partners, 'Data de nascimento')).toBeFocused()
  await keys.type('07071988')
  await tabTo(page, partners.getByRole('combobox', { name: 'Estado civil', exact: true }))
  await keys.type('Solteiro')
  await expect(partners.getByRole('combobox', { name: 'Estado civil', exact: true })).toHaveValue(
    'single',
  )
  await tabTo(page, partners.getByRole('button', { name: 'Usar o endereço da empresa' }))
  await keys.press('Enter')
  await expect(textbox(partners, 'Rua')).toHaveValue('Avenida Paulista')
  await tabTo(page, partners.getByRole('button', { name: 'Continuar' }))
  await keys.press('Enter')

  // 3. Assinatura, and the checkout page, by keyboard too.
  await expect(stepHeading(page, 'Assinatura')).toBeFocused()
  await tabTo(page, page.getByRole('button', { name: 'Escolher o plano Serviços e pagar' }))
  await keys.press('Enter')
  const pay = page.getByRole('button', { name: /^Pagar R\$/ })
  await tabTo(page, pay)
  await keys.press('Enter')
  await tabTo(page, page.getByRole('link', { name: 'Voltar agora' }))
  await keys.press('Enter')
  await expect(stepHeading(page, 'Guia de registro')).toBeVisible()

  // 4. The accountant attaches the guide; the wizard moves by itself.
  const companyId = await companyIdOf('Doces do Jonas')
  await attachGuideAsAdmin(companyId)

  // 5. Comprovante: the file chooser opens from its button with Enter.
  const receipt = page.getByRole('form', { name: 'Comprovante da guia' })
  await expect(stepHeading(page, 'Comprovante da guia')).toBeVisible({ timeout: 20_000 })
  await tabTo(page, receipt.getByRole('button', { name: 'Escolher comprovante' }))
  const chooser = page.waitForEvent('filechooser')
  await keys.press('Enter')
  await (await chooser).setFiles(pdfFile('comprovante-jonas.pdf'))
  await expect(receipt.getByText('Comprovante enviado: comprovante-jonas.pdf.')).toBeVisible()
  await tabTo(page, textbox(receipt, 'Data do pagamento'))
  await keys.type(todayBr().replace(/\D/g, ''))
  await tabTo(page, receipt.getByRole('button', { name: 'Continuar' }))
  await keys.press('Enter')

  // 6. The accountant registers the company; the client confirms the Receita's data.
  await expect(stepHeading(page, 'Dados da empresa (CNPJ)')).toBeFocused()
  await asAdmin('PUT', `/companies/${companyId}/status/opening`, {})
  await asAdmin('PUT', `/companies/${companyId}/cnpj`, { cnpj: randomCnpj() })
  const confirm = page.getByRole('button', { name: 'Confirmar dados' })
  await expect(confirm).toBeVisible({ timeout: 20_000 })
  await tabTo(page, confirm)
  await keys.press('Enter')
  await expect(page).toHaveURL(/\/app\/panel$/)
})
