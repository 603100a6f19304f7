import {
  server,
  resetBackend,
  applyOnServer,
  calls,
  trackOf,
  COMPANY_ID,
  API,
} from './wizard-backend'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { draftKey, readDraft, writeDraft } from '@/screens/onboarding/drafts'
import { loadStepScreens, renderWizard, USER } from './render-wizard'

// The wizard's forms: every message of the step schemas next to its field and in the summary
// that takes focus, MEI offered only when it can be, nothing lost on a server error, one save
// however often "Continuar" is pressed, the server's messages on their fields, and done steps
// revised while the next one has not started (read-only after).

// The machine is shared with other builds and tests: give slow renders and lookups time.
configure({ asyncUtilTimeout: 8000 })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeAll(loadStepScreens)
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
beforeEach(() => window.localStorage.clear())

const address = {
  zipCode: '01310-200',
  street: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
}
const preRegistration = {
  names: ['Lia Prado Design Ltda'],
  alias: 'Lia Design',
  activities: ['7410299'],
  address: { ...address, zipCode: '01310200' },
  type: 'private_limited',
  size: 'ME',
}
const partner = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lia Ramos Prado',
  cpf: '529.982.247-25',
  birthDate: '10/05/1990',
  email: 'lia@example.com',
  mobile: '+55 (11) 98888-7777',
  maritalStatus: 'single',
  propertyRegime: '',
  address,
  sharePercent: '100',
  administrator: true,
  ...overrides,
})
const stepPath = (stepId: string) => `/companies/${COMPANY_ID}/steps/${stepId}`
const completions = (stepId: string) =>
  calls('POST', stepPath(stepId)).filter((call) => !(call.body as { draft?: boolean }).draft)

describe('pré-cadastro', () => {
  beforeEach(() => resetBackend('create-company'))

  it('says what is missing next to each field and in a summary that takes focus, and sends nothing', async () => {
    const user = userEvent.setup()
    renderWizard('create-company')
    const form = await screen.findByRole('form', { name: 'Pré-cadastro' })
    await user.click(within(form).getByRole('button', { name: 'Continuar' }))
    await waitFor(() => expect(within(form).getByText('Confira os campos marcados')).toBeVisible())
    // The summary takes the focus once it is drawn: on a loaded machine, a moment after it shows.
    await waitFor(() =>
      expect(
        within(form).getByText('Confira os campos marcados').closest('[tabindex="-1"]'),
      ).toHaveFocus(),
    )
    for (const message of [
      'Informe pelo menos um nome para a empresa',
      'Informe o nome fantasia',
      'Escolha pelo menos uma atividade',
      'Informe o CEP',
      'Escolha a natureza jurídica da empresa',
      'Escolha o porte da empresa',
    ])
      expect(within(form).getAllByText(message, { exact: false }).length).toBeGreaterThanOrEqual(2)
    expect(completions('pre-registration')).toHaveLength(0)
    // The summary's lines take the focus to their field.
    await user.click(within(form).getByRole('button', { name: 'Informe o nome fantasia' }))
    expect(within(form).getByRole('textbox', { name: 'Nome fantasia' })).toHaveFocus()
  })

  it('offers MEI only for an empresário individual whose every activity allows it, and says why not', async () => {
    const user = userEvent.setup()
    renderWizard('create-company')
    const form = await screen.findByRole('form', { name: 'Pré-cadastro' })
    const search = within(form).getByRole('combobox', { name: 'Buscar atividade (CNAE)' })
    await user.type(search, '9602501')
    await within(form).findByRole(
      'option',
      { name: /Cabeleireiros, manicure e pedicure/ },
      { timeout: 5000 },
    )
    await user.keyboard('{ArrowDown}{Enter}')
    expect(within(form).queryByRole('radio', { name: /Microempreendedor individual/ })).toBeNull()
    expect(
      within(form).getByText(/o MEI tem um único dono e é empresário individual/),
    ).toBeVisible()
    await user.click(within(form).getByRole('radio', { name: /Empresário individual/ }))
    expect(
      await within(form).findByRole('radio', { name: /Microempreendedor individual/ }),
    ).toBeVisible()
    await user.click(within(form).getByRole('radio', { name: /Microempreendedor individual/ }))
    // A design activity is not on the MEI list: MEI goes, with the reason, and the size is asked again.
    await user.clear(search)
    await user.type(search, '7410299')
    await within(form).findByRole('option', { name: /Atividades de design/ }, { timeout: 5000 })
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() =>
      expect(
        within(form).queryByRole('radio', { name: /Microempreendedor individual/ }),
      ).toBeNull(),
    )
    expect(
      within(form).getByText(
        /a atividade 7410-2\/99 \(Atividades de design não especificadas anteriormente\) não pode ser exercida por MEI/,
      ),
    ).toBeVisible()
    for (const radio of within(form).getAllByRole('radio', {
      name: /porte|Microempresa|Empresa de/,
    }))
      expect(radio).not.toBeChecked()
  })

  it('keeps what was typed through a server error, and saves once however often Continuar is pressed', async () => {
    const key = draftKey(USER.uid, COMPANY_ID, 'pre-registration')
    writeDraft(key, {
      names: ['Lia Prado Design Ltda', '', ''],
      alias: 'Lia Design',
      activities: [{ code: '7410299', text: 'Design', isAllowedMei: false }],
      address,
      type: 'limited_liability',
      size: 'ME',
    })
    let failures = 1
    server.use(
      http.post(`${API}${stepPath('pre-registration')}`, () => {
        if (failures-- > 0)
          return HttpResponse.json(
            { message: 'Serviço indisponível. Tente de novo.' },
            { status: 503 },
          )
        return undefined
      }),
    )
    const user = userEvent.setup()
    renderWizard('create-company')
    const form = await screen.findByRole('form', { name: 'Pré-cadastro' })
    expect(within(form).getByRole('textbox', { name: 'Nome fantasia' })).toHaveValue('Lia Design')
    await user.click(within(form).getByRole('button', { name: 'Continuar' }))
    expect(await within(form).findByText('Serviço indisponível. Tente de novo.')).toBeVisible()
    expect(within(form).getByRole('textbox', { name: '1ª opção (preferida)' })).toHaveValue(
      'Lia Prado Design Ltda',
    )
    expect(readDraft(key)).not.toBeNull()
    // Now it works: a double click is one save, and the draft is gone.
    await user.dblClick(within(form).getByRole('button', { name: 'Continuar' }))
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cadastro dos sócios' }),
    ).toBeVisible()
    expect(completions('pre-registration')).toHaveLength(1)
    expect(readDraft(key)).toBeNull()
  })

  it("puts the server's message on its field", async () => {
    writeDraft(draftKey(USER.uid, COMPANY_ID, 'pre-registration'), {
      names: ['Lia Prado Design Ltda', '', ''],
      alias: 'Lia Design',
      activities: [{ code: '7410299', text: 'Design', isAllowedMei: false }],
      address,
      type: 'on_person',
      size: 'ME',
    })
    const message =
      'A atividade 7410299 (Atividades de design não especificadas anteriormente) não é permitida para MEI.'
    server.use(
      http.post(`${API}${stepPath('pre-registration')}`, () =>
        HttpResponse.json(
          { message, issues: [{ path: ['payload', 'activities', 0], message }] },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup()
    renderWizard('create-company')
    const form = await screen.findByRole('form', { name: 'Pré-cadastro' })
    await user.click(within(form).getByRole('button', { name: 'Continuar' }))
    expect(
      // The message names the activity: the summary does not add the field's label.
      await within(form).findByRole('button', { name: message }),
    ).toBeVisible()
    expect(
      within(within(form).getByRole('list', { name: 'Atividades escolhidas' })).getByText(message),
    ).toBeVisible()
  })
})

describe('cadastro dos sócios', () => {
  beforeEach(() => {
    resetBackend('create-company')
    applyOnServer({ type: 'step.complete', stepId: 'pre-registration' }, preRegistration)
  })

  const tryWith = async (partners: unknown[]) => {
    writeDraft(draftKey(USER.uid, COMPANY_ID, 'partner-registration'), { partners })
    const user = userEvent.setup()
    renderWizard('create-company')
    const form = await screen.findByRole('form', { name: 'Cadastro dos sócios' })
    await user.click(within(form).getByRole('button', { name: 'Continuar' }))
    await within(form).findByText('Confira os campos marcados')
    return form
  }

  it('checks each partner: full name, CPF digits, 18 or older, e-mail, mobile, and the regime when married', async () => {
    const form = await tryWith([
      partner({
        name: 'Lia',
        cpf: '111.111.111-11',
        birthDate: '10/05/2015',
        email: 'lia@',
        mobile: '+55 (11) 1234',
        maritalStatus: 'married',
      }),
    ])
    for (const message of [
      'Informe o nome completo',
      'CPF inválido',
      'O sócio precisa ter 18 anos ou mais',
      'E-mail inválido',
      'Celular inválido',
      'Informe o regime de bens',
    ])
      expect(within(form).getAllByText(message, { exact: false }).length).toBeGreaterThanOrEqual(2)
    expect(within(form).getByRole('combobox', { name: 'Regime de bens' })).toBeVisible()
    expect(completions('partner-registration')).toHaveLength(0)
  })

  it('checks the list: shares sum to exactly 100 %, each CPF once, someone administers', async () => {
    const form = await tryWith([
      partner({ sharePercent: '60', administrator: false }),
      partner({ name: 'Paulo Ramos Prado', sharePercent: '30', administrator: false }),
    ])
    expect(within(form).getByText('Faltam 10% para 100%.')).toBeVisible()
    for (const message of [
      'A soma das participações precisa ser 100%',
      'CPF repetido: cada sócio aparece uma vez',
      'Indique pelo menos um sócio administrador',
    ])
      expect(within(form).getAllByText(message, { exact: false }).length).toBeGreaterThanOrEqual(1)
  })

  it('says a Sociedade limitada with one partner becomes an SLU', async () => {
    renderWizard('create-company')
    const form = await screen.findByRole('form', { name: 'Cadastro dos sócios' })
    expect(
      within(form).getByText(
        /Com um único sócio, a empresa será registrada como Sociedade limitada unipessoal \(SLU\)/,
      ),
    ).toBeVisible()
    expect(within(form).getByRole('textbox', { name: 'Nome completo' })).toHaveValue(
      'Lia Ramos Prado',
    )
    expect(within(form).getByText('Soma 100%: tudo certo.')).toBeVisible()
  })
})

describe('done steps', () => {
  beforeEach(() => {
    resetBackend('create-company')
    applyOnServer({ type: 'step.complete', stepId: 'pre-registration' }, preRegistration)
  })

  it('revises the step before the current one while that one has not started', async () => {
    const user = userEvent.setup()
    renderWizard('create-company')
    const nav = await screen.findByRole('navigation', { name: 'Etapas do cadastro' })
    await user.click(within(nav).getByRole('button', { name: 'Pré-cadastro: Concluída' }))
    const form = await screen.findByRole('form', { name: 'Pré-cadastro' })
    const alias = within(form).getByRole('textbox', { name: 'Nome fantasia' })
    expect(alias).toHaveValue('Lia Design')
    await user.clear(alias)
    await user.type(alias, 'Prado Design')
    await user.click(within(form).getByRole('button', { name: 'Salvar alterações' }))
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cadastro dos sócios' }),
    ).toBeVisible()
    expect(trackOf().steps[0]).toMatchObject({ status: 'done', payload: { alias: 'Prado Design' } })
  })

  it('shows it read-only once the next step has started', async () => {
    applyOnServer({ type: 'step.save', stepId: 'partner-registration' }, { partners: [] })
    const user = userEvent.setup()
    renderWizard('create-company')
    const nav = await screen.findByRole('navigation', { name: 'Etapas do cadastro' })
    await user.click(within(nav).getByRole('button', { name: 'Pré-cadastro: Concluída' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Pré-cadastro' })).toBeVisible()
    expect(screen.queryByRole('form', { name: 'Pré-cadastro' })).toBeNull()
    expect(screen.getByText('Lia Prado Design Ltda')).toBeVisible()
    expect(
      screen.getByText(/Esta etapa não pode mais ser alterada: a etapa seguinte já começou/),
    ).toBeVisible()
    await user.click(
      screen.getByRole('button', { name: 'Voltar para a etapa atual: Cadastro dos sócios' }),
    )
    expect(await screen.findByRole('form', { name: 'Cadastro dos sócios' })).toBeVisible()
  })
})

describe('contador atual (migração)', () => {
  beforeEach(() => {
    resetBackend('migrate-company')
    applyOnServer(
      { type: 'step.complete', stepId: 'partner-registration-basic' },
      {
        partners: [
          {
            name: 'Lia Ramos Prado',
            cpf: '52998224725',
            email: 'lia@example.com',
            sharePercent: 100,
          },
        ],
      },
    )
  })

  it("checks the accountant's data and the take-over month", async () => {
    const user = userEvent.setup()
    renderWizard('migrate-company')
    const form = await screen.findByRole('form', { name: 'Contador atual' })
    await user.type(within(form).getByRole('textbox', { name: 'CRC' }), '123')
    await user.type(within(form).getByRole('textbox', { name: 'Telefone' }), '12')
    await user.type(
      within(form).getByRole('textbox', { name: 'Por que você quer trocar de contador?' }),
      'caro',
    )
    await user.click(within(form).getByRole('button', { name: 'Continuar' }))
    await within(form).findByText('Confira os campos marcados')
    for (const message of [
      'CRC inválido',
      'Telefone inválido',
      'Motivo precisa ter pelo menos 10 caracteres.',
      'Escolha o mês em que assumimos a contabilidade',
      'E-mail inválido',
    ])
      expect(within(form).getAllByText(message, { exact: false }).length).toBeGreaterThanOrEqual(2)
  })
})
