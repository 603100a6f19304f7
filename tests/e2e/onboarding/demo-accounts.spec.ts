import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { consentState, signInFromLogin } from '../support'
import { adminSession, checkStep, randomCpf, reseedCompany, stepHeading } from './support'
import { takeTurnsWith } from '../company-turns'

// The wizards with the demo accounts: bruno continues his opening from partner registration (and
// a reload, or another browser, keeps what he typed); carla goes from the current accountant's
// step to an active company, downloading the transfer letter (a real PDF naming the accountant).
// Each test puts its company back as seeded afterwards: other specs read the same demo data.

const BRUNO_COMPANY = 'cmp-bruno-tech'
const CARLA_COMPANY = 'cmp-carla-consultoria'

async function pdfText(path: string) {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}

test.describe('bruno continues his opening', () => {
  // keyboard-dialogs.spec opens bruno's partner step too: one file at a time with him.
  takeTurnsWith(BRUNO_COMPANY)
  test.afterEach(() => reseedCompany(BRUNO_COMPANY))

  test('from partner registration: a reload and another browser keep what he typed; two partners make a Ltda', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000)
    await signInFromLogin(page, 'bruno@contabil.dev')
    await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/)
    const form = page.getByRole('form', { name: 'Cadastro dos sócios' })
    await expect(stepHeading(page, 'Cadastro dos sócios')).toBeVisible()
    // The pre-registration is done and can still be read (and revised: nothing started after).
    await page.getByRole('button', { name: 'Pré-cadastro: Concluída' }).click()
    await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeVisible()
    await page.getByRole('button', { name: 'Cadastro dos sócios: Etapa atual' }).click()

    const cpf = randomCpf()
    await form
      .getByRole('textbox', { name: 'CPF', exact: true })
      .pressSequentially(cpf.replace(/\D/g, ''))
    await form
      .getByRole('textbox', { name: 'Data de nascimento', exact: true })
      .pressSequentially('02081993')
    // A reload in the middle of the step keeps what was typed.
    await page.reload()
    await expect(form.getByRole('textbox', { name: 'CPF', exact: true })).toHaveValue(cpf)
    await expect(
      form.getByRole('textbox', { name: 'Data de nascimento', exact: true }),
    ).toHaveValue('02/08/1993')
    // Another browser: after a pause the server keeps the draft, and it comes back there.
    await form.getByRole('textbox', { name: 'Participação (%)', exact: true }).fill('70')
    await expect(page.getByText('Rascunho salvo: continue de qualquer aparelho.')).toBeVisible({
      timeout: 15_000,
    })
    const elsewhere = await browser.newContext({ baseURL, storageState: consentState(baseURL!) })
    try {
      const other = await elsewhere.newPage()
      await signInFromLogin(other, 'bruno@contabil.dev')
      await expect(other).toHaveURL(/\/app\/wizard\/company-opening$/)
      await expect(
        other.getByRole('button', { name: 'Cadastro dos sócios: Etapa atual' }),
      ).toBeVisible()
      const there = other.getByRole('form', { name: 'Cadastro dos sócios' })
      await expect(there.getByRole('textbox', { name: 'CPF', exact: true })).toHaveValue(cpf)
      await expect(
        there.getByRole('textbox', { name: 'Participação (%)', exact: true }),
      ).toHaveValue('70')
    } finally {
      await elsewhere.close()
    }

    await form.getByRole('combobox', { name: 'Estado civil', exact: true }).selectOption('single')
    await form.getByRole('button', { name: 'Usar o endereço da empresa' }).click()
    await form.getByRole('button', { name: 'Adicionar sócio' }).click()
    const second = form.getByRole('group', { name: /^Sócio 2/ })
    await expect(second.getByRole('textbox', { name: 'Nome completo', exact: true })).toBeFocused()
    await second
      .getByRole('textbox', { name: 'Nome completo', exact: true })
      .fill('Paula Souza Lima')
    await second
      .getByRole('textbox', { name: 'CPF', exact: true })
      .pressSequentially(randomCpf().replace(/\D/g, ''))
    await second
      .getByRole('textbox', { name: 'Data de nascimento', exact: true })
      .pressSequentially('21041991')
    await second
      .getByRole('textbox', { name: 'E-mail', exact: true })
      .fill('paula.lima@example.com')
    await second
      .getByRole('textbox', { name: 'Celular', exact: true })
      .pressSequentially('21977776666')
    await second
      .getByRole('combobox', { name: 'Estado civil', exact: true })
      .selectOption('married')
    await expect(
      second.getByRole('combobox', { name: 'Regime de bens', exact: true }),
    ).toBeVisible()
    await second.getByRole('checkbox', { name: /Sócio administrador/ }).uncheck()
    await second.getByRole('button', { name: 'Usar o endereço da empresa' }).click()
    await expect(
      second.getByRole('textbox', { name: 'Participação (%)', exact: true }),
    ).toHaveValue('30')
    await expect(form.getByText('Soma 100%: tudo certo.')).toBeVisible()
    await expect(
      form.getByText(/Com 2 sócios, a empresa será registrada como Sociedade limitada/),
    ).toBeVisible()
    // The married partner still needs a regime: the summary says so and takes the focus.
    await form.getByRole('button', { name: 'Continuar' }).click()
    await expect(
      form.getByRole('button', { name: 'Sócio 2: Regime de bens: Informe o regime de bens' }),
    ).toBeVisible()
    await checkStep(page, 'wizard-2-socios-bruno-erros')
    await second
      .getByRole('combobox', { name: 'Regime de bens', exact: true })
      .selectOption('separation_of_property')
    await form.getByRole('button', { name: 'Continuar' }).click()
    await expect(stepHeading(page, 'Assinatura')).toBeVisible()

    // Leaving the checkout without paying comes back to the step, nothing changed.
    await page.getByRole('button', { name: 'Escolher o plano Serviços e pagar' }).click()
    await page.getByRole('link', { name: 'Voltar sem pagar' }).click()
    await expect(page).toHaveURL(/company-opening\?pagamento=cancelado$/)
    await expect(page.getByText('Pagamento não concluído')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Assinatura: Etapa atual' })).toBeVisible()
    await checkStep(page, 'wizard-3-assinatura-cancelada')
  })
})

test.describe('carla moves her company to us', () => {
  test.afterEach(() => reseedCompany(CARLA_COMPANY))

  test('from the current accountant to an active company, with the transfer letter as a real PDF', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000)
    await signInFromLogin(page, 'carla@contabil.dev')
    await expect(page).toHaveURL(/\/app\/wizard\/company-migration$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Troca de contador' })).toBeVisible()
    // The partners step is done, and can still be revised: the next one has not started.
    await page.getByRole('button', { name: 'Sócios: Concluída' }).click()
    const partners = page.getByRole('form', { name: 'Sócios' })
    await expect(partners.getByRole('textbox', { name: 'Nome completo', exact: true })).toHaveValue(
      'Carla Mendes',
    )
    await expect(partners.getByRole('button', { name: 'Salvar alterações' })).toBeVisible()
    await checkStep(page, 'wizard-m1-socios-revisar')
    await page.getByRole('button', { name: 'Contador atual: Etapa atual' }).click()

    const form = page.getByRole('form', { name: 'Contador atual' })
    await form.getByRole('button', { name: 'Continuar' }).click()
    await expect(
      form.getByRole('alert').filter({ hasText: 'Confira os campos marcados' }),
    ).toBeFocused()
    await checkStep(page, 'wizard-m2-contador-erros')
    await form
      .getByRole('textbox', { name: 'Nome do contador ou do escritório', exact: true })
      .fill('Roberto Lima Salgado')
    await form.getByRole('textbox', { name: 'CRC', exact: true }).fill('CRC-MG 054321/O-2')
    await form
      .getByRole('textbox', { name: 'E-mail', exact: true })
      .fill('roberto@salgadocontabil.com.br')
    await form.getByRole('textbox', { name: 'Telefone', exact: true }).fill('(31) 3222-4455')
    const months = form.getByRole('combobox', {
      name: 'Mês em que assumimos a contabilidade',
      exact: true,
    })
    await months.selectOption({ index: 2 })
    await form
      .getByRole('textbox', { name: 'Por que você quer trocar de contador?', exact: true })
      .fill('Quero atendimento online e as guias no e-mail.')
    await checkStep(page, 'wizard-m2-contador')
    await form.getByRole('button', { name: 'Continuar' }).click()

    // The partners now read back as the accountant sees them: the next step has started.
    await expect(stepHeading(page, 'Assinatura')).toBeVisible()
    await page.getByRole('button', { name: 'Sócios: Concluída' }).click()
    await expect(page.getByRole('table', { name: 'Sócios' })).toContainText('Carla Mendes')
    await checkStep(page, 'wizard-m1-socios-concluida')
    await page.getByRole('button', { name: /^Voltar para a etapa atual/ }).click()

    // The letter is ready: a real PDF whose text names the accountant.
    const letter = page
      .getByRole('status')
      .filter({ hasText: 'A carta de transferência está pronta' })
    const downloading = page.waitForEvent('download')
    await letter.getByRole('button', { name: 'Baixar carta (PDF)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('carta-de-transferencia-38765412000195.pdf')
    const file = testInfo.outputPath('carta.pdf')
    await download.saveAs(file)
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(file)
    expect(text).toContain('Roberto Lima Salgado')
    expect(text).toContain('MG-054321/O-2')
    expect(text).toContain('Resolução CFC nº 1.590/2020')
    expect(text).toContain('Carla Mendes Consultoria Ltda')
    await checkStep(page, 'wizard-m3-assinatura')

    await page.getByRole('button', { name: 'Escolher o plano Serviços e pagar' }).click()
    await page.getByRole('button', { name: /^Pagar R\$/ }).click()
    await page.getByRole('link', { name: 'Voltar agora' }).click()

    // The Receita's record of the CNPJ given at sign-up: check and confirm.
    await expect(stepHeading(page, 'Dados da empresa (CNPJ)')).toBeVisible()
    await expect(page.getByText('38.765.412/0001-95')).toBeVisible()
    await checkStep(page, 'wizard-m4-dados-da-receita')
    await page.getByRole('button', { name: 'Confirmar dados' }).click()
    await expect(page).toHaveURL(/\/app\/panel$/)

    // The accountant sees the letter on the order and activates the company.
    const admin = await adminSession(browser, baseURL!)
    try {
      const office = admin.page
      await office.goto('/app/admin/companies/migration-orders')
      await office.getByRole('link', { name: 'CM Consultoria' }).click()
      await expect(office.getByText('Roberto Lima Salgado')).toBeVisible()
      await expect(
        office.getByRole('button', { name: 'Baixar carta de transferência (PDF)' }),
      ).toBeVisible()
      await checkStep(office, 'admin-pedido-migracao')
      await office.getByRole('button', { name: 'Ativar empresa' }).click()
      await office.getByRole('dialog').getByRole('button', { name: 'Ativar empresa' }).click()
      await expect(office.getByText(/: Ativa\.$/)).toBeVisible()
    } finally {
      await admin.context.close()
    }
    // No reload: the client's session follows the accountant's move by itself.
    await expect(page.getByText('Ativa', { exact: true }).first()).toBeVisible({ timeout: 25_000 })
    await expect(page.getByText('38.765.412/0001-95').first()).toBeVisible()
  })
})
