import { expect, test, type Page } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { api, EVA } from '../invoices/support'

// Issue 18: the panel and the invoice form show each company's own annex, from its activities:
// eva's clothing shop (Annex I, commerce), a law firm (Annex IV, CPP outside the DAS) and a yoga
// studio (Annex III without fator R) — not Annex III or V by the payroll.

type Summary = { data: { rbt12: number; activities: { code: string }[] } }

// The brackets the three companies fall in (LC 123/2006, Anexos I, III e IV, redação da LC
// 155/2016): upper limit, nominal rate, deduction. Written here so the screen is checked against
// the law, not against the code that drew it.
const BRACKETS = {
  I: [
    [180_000, 0.04, 0],
    [360_000, 0.073, 5_940],
    [720_000, 0.095, 13_860],
    [1_800_000, 0.107, 22_500],
  ],
  III: [
    [180_000, 0.06, 0],
    [360_000, 0.112, 9_360],
    [720_000, 0.135, 17_640],
    [1_800_000, 0.16, 35_640],
  ],
  IV: [
    [180_000, 0.045, 0],
    [360_000, 0.09, 8_100],
    [720_000, 0.102, 12_420],
    [1_800_000, 0.14, 39_780],
  ],
} as const

function effectiveRate(annex: keyof typeof BRACKETS, rbt12: number) {
  const [, nominal, deduction] = BRACKETS[annex].find(([upTo]) => rbt12 <= upTo)!
  return rbt12 === 0 ? nominal : (rbt12 * nominal - deduction) / rbt12
}
/** As the panel writes a rate: "7,41 %" (two decimals at most). */
const panelPercent = (rate: number) =>
  `${(Math.round(rate * 10_000) / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} %`
/** As the invoice form writes it: "7,41%". */
const formPercent = (rate: number) =>
  new Intl.NumberFormat('pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(rate)

const companies = [
  {
    name: "eva's Ateliê (clothing retail)",
    email: EVA,
    companyId: 'cmp-eva-comercio',
    annex: 'I',
    activity: '4781-4/00',
    shot: 'annex-i-eva-comercio',
  },
  {
    name: 'the law firm',
    email: 'marina@andradelins.adv.br',
    companyId: 'cmp-marina-advocacia',
    annex: 'IV',
    activity: '6911-7/01',
    shot: 'annex-iv-law-firm',
  },
  {
    name: 'the yoga studio',
    email: 'paula@shantiyoga.com.br',
    companyId: 'cmp-paula-yoga',
    annex: 'III',
    activity: '9313-1/00',
    shot: 'annex-iii-yoga-studio',
  },
] as const

/**
 * eva has two companies: the company selector picks the shop (the others have one). It is in the
 * top bar on wide screens, in the side menu on narrow ones.
 */
async function selectCompany(page: Page, companyId: string) {
  if (companyId !== 'cmp-eva-comercio') return
  // Up to 900 px wide the selector is in the side menu.
  const narrow = (page.viewportSize()?.width ?? 0) <= 900
  if (narrow) await page.getByRole('button', { name: 'Abrir menu' }).click()
  const selector = page.getByLabel('Empresa', { exact: true }).filter({ visible: true })
  await selector.selectOption(companyId)
  await expect(selector).toHaveValue(companyId)
  const close = page.getByRole('button', { name: 'Fechar menu' })
  if (narrow && (await close.isVisible())) await close.click()
}

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } })

    for (const company of companies)
      test(`${company.name}: Annex ${company.annex} on the panel and in the invoice form`, async ({
        page,
      }) => {
        const { body } = await api<Summary>(
          company.email,
          'GET',
          `/reports/simples-nacional?companyId=${company.companyId}`,
        )
        const rate = effectiveRate(company.annex, body.data.rbt12)
        await signInFromLogin(page, company.email)
        await expect(page).toHaveURL(/\/app\/panel/)
        await selectCompany(page, company.companyId)

        const card = page.getByRole('region', { name: 'Simples Nacional' })
        const annex = card.getByTestId(`anexo-${company.annex}`)
        await expect(annex).toContainText('Aplicável')
        await expect(annex).toContainText(panelPercent(rate))
        await expect(card.getByTestId('activity-annexes')).toContainText(`${company.activity}`)
        await expect(card.getByTestId('activity-annexes')).toContainText(`Anexo ${company.annex}`)
        // None of them is subject to the fator R: no Annex V, and the fator R says so.
        await expect(card.getByTestId('anexo-V')).toHaveCount(0)
        await expect(card.getByTestId('fator-r')).toHaveText('Não se aplica')
        if (company.annex === 'IV') await expect(card.getByTestId('cpp-note')).toBeVisible()
        await screenshot(page, `${company.shot}-panel`)
        await screenshot(page, `${company.shot}-simples-card`, card)
        await expectNoSidewaysScroll(page, `panel of ${company.name}`)
        await expectNoAxeViolations(page, `panel of ${company.name}`)

        // The invoice form estimates this invoice's Simples by the same annex.
        await page.goto('/app/invoices')
        await selectCompany(page, company.companyId)
        await page.getByRole('button', { name: 'Nova solicitação' }).click()
        const form = page.getByRole('dialog', { name: 'Nova solicitação de NFS-e' })
        await form.getByLabel('Valor total').fill('1.000,00')
        const estimate = form.getByRole('complementary', { name: 'Estimativa de imposto' })
        await expect(estimate).toContainText(`Anexo ${company.annex}`)
        await expect(estimate).toContainText(formPercent(rate))
        const tax = (Math.round(1000 * rate * 100) / 100).toLocaleString('pt-BR', {
          minimumFractionDigits: 2,
        })
        await expect(estimate).toContainText(new RegExp(`≈\\s*R\\$\\s*${tax}`))
        if (company.annex === 'IV') await expect(estimate).toContainText('CPP')
        await screenshot(page, `${company.shot}-invoice-form`)
        await screenshot(page, `${company.shot}-estimate`, estimate)
        await expectNoAxeViolations(page, `invoice form of ${company.name}`)
      })
  })
}
