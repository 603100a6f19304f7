import { expect, test } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { api, EVA, EVA_SHOP, selectCompany, todayInBrazil } from '../invoices/support'

// The panel and the invoice form (docs/tax-rules.md "Simples Nacional") show each company's own
// annex, from its activities: eva's clothing shop (Annex I, on the sales it declares; its tailoring
// invoices, a service no activity of the shop covers, are named and never placed by guess), a law
// firm (Annex IV, CPP outside the DAS) and a yoga studio (a gym of LC 123/2006, art. 18, § 5º-D: by
// the fator R, Annex V without payroll).

type Month = {
  data: {
    rbt12: number
    activities: { cnae: string; annex: string; revenue: number }[]
    unplaced: { service: string | null }[]
  }
}

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
  V: [
    [180_000, 0.155, 0],
    [360_000, 0.18, 4_500],
    [720_000, 0.195, 9_900],
    [1_800_000, 0.205, 17_100],
  ],
} as const

function effectiveRate(annex: keyof typeof BRACKETS, rbt12: number) {
  const [, nominal, deduction] = BRACKETS[annex].find(([upTo]) => rbt12 <= upTo)!
  return rbt12 === 0 ? nominal : (rbt12 * nominal - deduction) / rbt12
}
/** As the panel's table writes a rate: "7,4108 %" (four decimals). */
const panelPercent = (rate: number) =>
  `${(rate * 100).toLocaleString('pt-BR', { minimumFractionDigits: 4, maximumFractionDigits: 4 })} %`
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
    cnae: '4781400',
    activity: '4781-4/00',
    service: '140901',
    shot: 'annex-i-eva-comercio',
  },
  {
    name: 'the law firm',
    email: 'marina@andradelins.adv.br',
    companyId: 'cmp-marina-advocacia',
    annex: 'IV',
    cnae: '6911701',
    activity: '6911-7/01',
    service: '171401',
    shot: 'annex-iv-law-firm',
  },
  {
    name: 'the yoga studio',
    email: 'paula@shantiyoga.com.br',
    companyId: 'cmp-paula-yoga',
    annex: 'V',
    cnae: '9313100',
    activity: '9313-1/00',
    service: '060401',
    shot: 'annex-v-yoga-studio',
  },
] as const

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } })

    for (const company of companies)
      test(`${company.name}: Annex ${company.annex} on the panel and in the invoice form`, async ({
        page,
      }) => {
        const today = todayInBrazil()
        const current = today.slice(0, 7)
        const index = Number(current.slice(0, 4)) * 12 + Number(current.slice(5, 7)) - 2
        const last = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
        const month = async (period: string) =>
          (
            await api<Month>(
              company.email,
              'GET',
              `/companies/${company.companyId}/simples/${period}`,
            )
          ).body.data
        const shown = await month(last)
        const rate = effectiveRate(company.annex, shown.rbt12)
        await signInFromLogin(page, company.email)
        await expect(page).toHaveURL(/\/app\/panel/)
        // eva has two companies: the selector picks the shop (the others have one).
        if (company.companyId === EVA_SHOP) await selectCompany(page, company.companyId)

        // Last month's DAS by activity: the activity in its annex at the law's effective rate.
        const card = page.getByRole('region', { name: 'Simples Nacional' })
        const row = card
          .getByRole('table', { name: /por atividade/ })
          .getByRole('row')
          .filter({ hasText: company.activity })
        await expect(row).toContainText(`Anexo ${company.annex}`)
        await expect(row).toContainText(panelPercent(rate))
        if (company.annex === 'V') await expect(row).toContainText('(fator R)')
        else await expect(card.getByTestId('fator-r')).toHaveText(/Não se aplica/)
        if (company.annex === 'IV')
          await expect(card.getByText(/No Anexo IV a contribuição previdenciária/)).toBeVisible()
        // Revenue of a service no activity covers is named.
        for (const unplaced of shown.unplaced)
          await expect(
            card.getByText(`Serviço ${unplaced.service}`, { exact: false }).first(),
          ).toBeVisible()
        await screenshot(page, `${company.shot}-panel`)
        await screenshot(page, `${company.shot}-simples-card`, card)
        await expectNoSidewaysScroll(page, `panel of ${company.name}`)
        await expectNoAxeViolations(page, `panel of ${company.name}`)

        // The invoice form runs this month's calculation with the invoice in it.
        const now = await month(current)
        const nowRate = effectiveRate(company.annex, now.rbt12)
        await page.goto('/app/invoices')
        // eva has two companies: the selector picks the shop (the others have one).
        if (company.companyId === EVA_SHOP) await selectCompany(page, company.companyId)
        await page.getByRole('button', { name: 'Nova solicitação' }).click()
        const form = page.getByRole('dialog', { name: 'Nova solicitação de NFS-e' })
        await form
          .getByRole('combobox', { name: 'Serviço da empresa' })
          .selectOption(company.service)
        await form.getByLabel('Valor total').fill('1.000,00')
        const estimate = form.getByRole('complementary', { name: 'Estimativa de imposto' })
        if (company.annex === 'I') {
          // The shop's tailoring (LC 116 item 14.09) is not retail: no activity of it covers it.
          await expect(estimate).toContainText('Sem estimativa: o serviço 14.09 não corresponde')
        } else {
          await expect(estimate).toContainText(`Anexo ${company.annex}`)
          await expect(estimate).toContainText(formPercent(nowRate))
          const before = now.activities.find((a) => a.cnae === company.cnae)?.revenue ?? 0
          const cents = (value: number) => Math.round(value * 100)
          const added = cents((before + 1000) * nowRate) - cents(before * nowRate)
          const text = (await estimate.textContent()) ?? ''
          const shownTax = Number(
            /≈\s*R\$\s*([\d.]+,\d{2})/.exec(text)![1]!.replace(/\./g, '').replace(',', '.'),
          )
          expect(Math.abs(cents(shownTax) - added)).toBeLessThanOrEqual(1)
          if (company.annex === 'IV') await expect(estimate).toContainText('CPP')
        }
        await screenshot(page, `${company.shot}-invoice-form`)
        await screenshot(page, `${company.shot}-estimate`, estimate)
        await expectNoAxeViolations(page, `invoice form of ${company.name}`)
      })
  })
}
