import {
  server,
  resetBackend,
  applyOnServer,
  updateCompany,
  calls,
  COMPANY_ID,
} from './wizard-backend'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createTestModel } from 'xstate/graph'
import { trackIds, type TrackId } from '@/schemas/company'
import { stepLabels, trackSteps, type StepId, type StepStatus } from '@/schemas/track'
import {
  positionOf,
  statusesOf,
  trackMachines,
  type TrackEvent,
  type TrackSnapshot,
} from '@/machines/track'
import { draftKey, writeDraft } from '@/screens/onboarding/drafts'
import { loadStepScreens, renderWizard, USER } from './render-wizard'

// Model-based tests of the wizard screens (docs/product.md §4): `createTestModel` over each track's
// statechart gives the shortest path to every state of the track, from the first step to done.
// Each path is replayed on the real screen against msw: the client's events through the screen
// (typing makes a draft, "Continuar" completes a step after a reload that restores the local
// draft), the others' (payment, accountant) on the server, seen when the wizard polls; at every
// state the screen must show that state: each step's status in the stepper and the current step.

// The machine is shared with other builds and tests: give slow renders and lookups time.
configure({ asyncUtilTimeout: 8000 })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeAll(loadStepScreens)
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// The current step says so whether it was started or not (docs/glossary.md).
const statusText = (status: StepStatus, current: boolean) =>
  status === 'done'
    ? 'Concluída'
    : current
      ? 'Etapa atual'
      : status === 'in_progress'
        ? 'Em andamento'
        : 'Pendente'

const address = {
  zipCode: '01310-200',
  street: 'Avenida Paulista',
  number: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
}

const nextMonth = () => {
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15))
  return next.toISOString().slice(0, 7)
}

/** A complete, valid form for each step the client fills (as a local draft holds it). */
const completeForms: Partial<Record<StepId, unknown>> = {
  'pre-registration': {
    names: ['Lia Prado Design Ltda', '', ''],
    alias: 'Lia Design',
    activities: [{ code: '7410299', text: 'Design', isAllowedMei: false }],
    address,
    type: 'limited_liability',
    size: 'ME',
  },
  'partner-registration': {
    partners: [
      {
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
      },
    ],
  },
  'partner-registration-basic': {
    partners: [
      {
        name: 'Lia Ramos Prado',
        cpf: '529.982.247-25',
        email: 'lia@example.com',
        sharePercent: '100',
      },
    ],
  },
  'migrate-accountant': {
    name: 'Roberto Lima Salgado',
    email: 'roberto@salgado.com.br',
    phone: '(31) 3222-4455',
    crc: 'MG-054321/O-2',
    reason: 'Quero atendimento online e guias no e-mail.',
    takeOverMonth: nextMonth(),
  },
  'upload-guide-receipt': { receipt: { fileName: 'comprovante.pdf', paidAt: '20/11/2026' } },
}

/** The field typing into starts each client step (its draft goes to the server). */
const firstTyping: Partial<Record<StepId, [label: string, text: string]>> = {
  'pre-registration': ['1ª opção (preferida)', 'Lia'],
  'partner-registration': ['Data de nascimento', '1'],
  'partner-registration-basic': ['CPF', '5'],
  'migrate-accountant': ['Nome do contador ou do escritório', 'Roberto'],
  'upload-guide-receipt': ['Data do pagamento', '1'],
}

const guide = {
  fileName: 'guia-taxa-junta.pdf',
  amount: 213.53,
  dueDate: '2026-12-10',
  barcode: '856700000024135300270620026121000009000000000000',
}

describe.each(trackIds)('the %s wizard, driven by its statechart', (trackId: TrackId) => {
  const steps = trackSteps[trackId]
  const events: TrackEvent[] = steps.flatMap((stepId) => [
    { type: 'step.save' as const, stepId },
    { type: 'step.complete' as const, stepId },
  ])
  const model = createTestModel(trackMachines[trackId], {
    events,
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
  })
  const paths = model.getShortestPaths()

  it('visits every state of the track on the way, done included', () => {
    const visited = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    )
    expect(visited.size).toBe(steps.length * 2 + 1)
    expect(visited.has('"done"')).toBe(true)
  })

  it.each(paths.map((path) => [JSON.stringify(path.state.value), path] as const))(
    'reaches %s',
    async (_name, path) => {
      resetBackend(trackId)
      window.localStorage.clear()
      const user = userEvent.setup()
      let view = renderWizard(trackId)
      /** What the wizard's polling does every few seconds, at once. */
      const poll = () => act(() => view.queryClient.refetchQueries())

      const expectScreen = async (snapshot: TrackSnapshot) => {
        const position = positionOf(snapshot)
        const current = position === 'done' ? null : position.stepId
        const nav = await screen.findByRole('navigation', { name: 'Etapas do cadastro' })
        await waitFor(() => {
          for (const { stepId, status } of statusesOf(trackId, snapshot).steps)
            expect(
              within(nav).getByRole('button', {
                name: `${stepLabels[stepId]}: ${statusText(status, stepId === current)}`,
              }),
            ).toBeInTheDocument()
        })
        const heading = current ? stepLabels[current] : 'Cadastro concluído'
        expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeVisible()
        if (current === 'subscription')
          expect(await screen.findByRole('list', { name: 'Planos' })).toBeVisible()
        else if (current === 'awaiting-guide')
          expect(
            screen.getByText(/A contabilidade está preparando a guia da taxa de registro/),
          ).toBeVisible()
        else if (current === 'download-company-info')
          expect(
            await screen.findByText(
              trackId === 'migrate-company'
                ? 'Lia Prado Design Ltda'
                : 'Estamos registrando a empresa',
            ),
          ).toBeVisible()
        else if (current) expect(screen.getByRole('form', { name: heading })).toBeVisible()
        else expect(screen.getByRole('link', { name: 'Ir para o painel' })).toBeVisible()
      }

      const save = async (stepId: StepId) => {
        const typing = firstTyping[stepId]
        if (typing) {
          const before = calls('POST', `/companies/${COMPANY_ID}/steps/${stepId}`).length
          await user.type(screen.getByRole('textbox', { name: typing[0] }), typing[1])
          await waitFor(
            () =>
              expect(calls('POST', `/companies/${COMPANY_ID}/steps/${stepId}`).length).toBe(
                before + 1,
              ),
            { timeout: 5000 },
          )
          expect(
            calls('POST', `/companies/${COMPANY_ID}/steps/${stepId}`).at(-1)!.body,
          ).toMatchObject({
            draft: true,
          })
        } else if (stepId === 'subscription') {
          await user.click(
            await screen.findByRole('button', { name: 'Escolher o plano Serviços e pagar' }),
          )
          await waitFor(() =>
            expect(view.onCheckout).toHaveBeenCalledWith(
              'https://pagamento.example/checkout/pay-lia',
            ),
          )
        } else {
          // Nothing of the client's: another device or the accountant keeps a draft.
          applyOnServer({ type: 'step.save', stepId }, {})
          await poll()
        }
      }

      const complete = async (stepId: StepId) => {
        const form = completeForms[stepId]
        if (form) {
          // A reload: the local draft brings the typed values back; "Continuar" saves them.
          writeDraft(draftKey(USER.uid, COMPANY_ID, stepId), form)
          view.unmount()
          view = renderWizard(trackId)
          const continuar = await screen.findByRole('button', { name: 'Continuar' })
          await user.click(continuar)
          await waitFor(() =>
            expect(
              calls('POST', `/companies/${COMPANY_ID}/steps/${stepId}`).filter(
                (call) => !(call.body as { draft?: boolean }).draft,
              ),
            ).toHaveLength(1),
          )
        } else if (stepId === 'subscription') {
          // The checkout's payment completes the step on the server.
          applyOnServer({ type: 'step.complete', stepId }, { planId: 'plan-servicos' })
          updateCompany({ status: trackId === 'create-company' ? 'awaiting_opening' : 'migrating' })
          await poll()
        } else if (stepId === 'awaiting-guide') {
          applyOnServer({ type: 'step.complete', stepId }, { guide })
          await poll()
        } else if (stepId === 'download-company-info') {
          if (trackId === 'create-company') {
            updateCompany({ cnpj: '52974391000149', status: 'opening' })
            await poll()
          }
          await user.click(await screen.findByRole('button', { name: 'Confirmar dados' }))
          await waitFor(() =>
            expect(calls('POST', `/companies/${COMPANY_ID}/steps/${stepId}`)).toHaveLength(1),
          )
        }
      }

      await path.test({
        states: { '*': expectScreen },
        events: {
          // The executors get the model's event, which carries the step (the types keep only `type`).
          'step.save': ({ event }) => save((event as TrackEvent).stepId),
          'step.complete': ({ event }) => complete((event as TrackEvent).stepId),
        },
      })
      view.unmount()
    },
    60_000,
  )
})
