import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { companyStatusLabels, type CompanyStatus } from '@/schemas/company'
import {
  companyStatusMachine,
  restoresTo,
  statusOf,
  type CompanyFacts,
  type CompanyStatusEvent,
  type CompanyStatusSnapshot,
} from '@/machines/company-status'
import { StatusActions } from '@/screens/back-office/StatusActions'
import { API, backOfficeServer, renderWithQuery } from './support'

// The status buttons against every status of the company-status machine, model-based: the
// machine's graph (xstate/graph) reaches each status under every combination of facts its
// guards read, and for each reached snapshot the buttons must be exactly the changes the machine
// itself takes from there. Then the flows: confirmation, the disabling reason, a 409.

const reason = 'Motivo informado pela contabilidade'
/** Every event that changes a status (the facts come through `facts.update`). */
const statusEvents: Exclude<CompanyStatusEvent, { type: 'facts.update' }>[] = [
  { type: 'payment.confirmed' },
  { type: 'opening.start' },
  { type: 'company.activate' },
  { type: 'payment.late' },
  { type: 'company.disable', reason },
  { type: 'company.restore' },
]
const factFlips: CompanyStatusEvent[] = [
  { type: 'facts.update', facts: { trackId: 'migrate-company' } },
  { type: 'facts.update', facts: { subscriptionPaid: true } },
  { type: 'facts.update', facts: { guideReceiptUploaded: true } },
  { type: 'facts.update', facts: { trackDone: true } },
  { type: 'facts.update', facts: { cnpjValid: true } },
]
const startFacts: CompanyFacts = {
  trackId: 'create-company',
  subscriptionPaid: false,
  guideReceiptUploaded: false,
  trackDone: false,
  cnpjValid: false,
}

/** Where the machine itself goes from a snapshot: the statuses its events reach. */
function machineMoves(snapshot: CompanyStatusSnapshot): CompanyStatus[] {
  const from = statusOf(snapshot)
  const reached = new Set<CompanyStatus>()
  for (const event of statusEvents) {
    if (!snapshot.can(event)) continue
    const to = statusOf(transition(companyStatusMachine, snapshot, event)[0])
    if (to !== from) reached.add(to)
  }
  return [...reached]
}

const snapshots = getShortestPaths(companyStatusMachine, {
  input: { facts: startFacts },
  events: [...statusEvents, ...factFlips],
  // A disabled company also remembers where it goes back to.
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.facts, restoresTo(snapshot)]),
}).map((path) => path.state)

const server = backOfficeServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const buttonTargets = () => {
  const group = screen.queryByRole('group', { name: 'Mudar a situação' })
  if (!group) return []
  return within(group)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label')!.split(' → ')[1])
}

describe('status buttons, model-based over the company-status machine', () => {
  it('reaches every status of the machine', () => {
    const statuses = new Set(snapshots.map(statusOf))
    expect([...statuses].sort()).toEqual(
      (Object.keys(companyStatusLabels) as CompanyStatus[]).sort(),
    )
    // Every status is reached in more than one situation of the facts (guards on and off).
    expect(snapshots.length).toBeGreaterThan(100)
  })

  it('offers exactly the machine’s moves from each reachable snapshot', { timeout: 60_000 }, () => {
    for (const snapshot of snapshots) {
      const { unmount } = renderWithQuery(
        <StatusActions companyId="cmp-teste" companyName="Empresa Teste" snapshot={snapshot} />,
      )
      const expected = machineMoves(snapshot).map((to) => companyStatusLabels[to])
      const where = `${statusOf(snapshot)} ${JSON.stringify(snapshot.context.facts)}`
      expect(buttonTargets().sort(), where).toEqual(expected.sort())
      if (expected.length === 0)
        expect(
          screen.getByText('Nenhuma mudança de situação é possível a partir daqui.'),
        ).toBeVisible()
      unmount()
    }
  })
})

describe('a status change', () => {
  const find = (status: CompanyStatus, facts: Partial<CompanyFacts> = {}) =>
    snapshots.find(
      (snapshot) =>
        statusOf(snapshot) === status &&
        Object.entries(facts).every(
          ([key, value]) => snapshot.context.facts[key as keyof CompanyFacts] === value,
        ),
    )!

  it('asks for confirmation, sends the change and says it is done', async () => {
    const sent: { status: string; body: unknown }[] = []
    server.use(
      http.put(`${API}/companies/:id/status/:status`, async ({ params, request }) => {
        sent.push({ status: String(params.status), body: await request.json() })
        return HttpResponse.json({ message: 'O servidor não respondeu a tempo.' }, { status: 503 })
      }),
    )
    const { user } = renderWithQuery(
      <StatusActions
        companyId="cmp-teste"
        companyName="Empresa Teste"
        snapshot={find('overdue')}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Confirmar pagamento em dia → Ativa' }))
    const dialog = screen.getByRole('dialog', { name: 'Confirmar pagamento em dia?' })
    expect(dialog).toHaveTextContent(
      'A situação de Empresa Teste passa de "Pagamento em atraso" para "Ativa".',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento em dia' }))
    await waitFor(() => expect(sent).toEqual([{ status: 'active', body: {} }]))
    // The server failed: the dialog stays open with its message.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'O servidor não respondeu a tempo.',
    )
  })

  it('asks for the reason to disable, with its messages, and sends it', async () => {
    const sent: unknown[] = []
    server.use(
      http.put(`${API}/companies/:id/status/disabled`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ message: 'Resposta inesperada' }, { status: 500 })
      }),
    )
    const { user } = renderWithQuery(
      <StatusActions companyId="cmp-teste" companyName="Empresa Teste" snapshot={find('active')} />,
    )
    await user.click(screen.getByRole('button', { name: 'Desativar empresa → Desativada' }))
    const dialog = screen.getByRole('dialog', { name: 'Desativar Empresa Teste?' })
    const submit = within(dialog).getByRole('button', { name: 'Desativar empresa' })
    await user.click(submit)
    expect(await within(dialog).findByText('Informe o motivo da desativação.')).toBeVisible()
    await user.type(within(dialog).getByLabelText(/Motivo/), 'Calote')
    await user.click(submit)
    expect(
      await within(dialog).findByText('Explique o motivo em pelo menos 10 caracteres.'),
    ).toBeVisible()
    expect(within(dialog).getByLabelText(/Motivo/)).toHaveAttribute('aria-invalid', 'true')
    await user.type(within(dialog).getByLabelText(/Motivo/), ' de três meses')
    await user.click(submit)
    await waitFor(() => expect(sent).toEqual([{ reason: 'Calote de três meses' }]))
    // What was typed stays after a failure.
    expect(await within(dialog).findByRole('alert')).toBeVisible()
    expect(within(dialog).getByLabelText(/Motivo/)).toHaveValue('Calote de três meses')
  })

  it('explains a 409 (someone changed it first) and reloads the company', async () => {
    const reloads: string[] = []
    server.use(
      http.put(`${API}/companies/:id/status/:status`, () =>
        HttpResponse.json(
          {
            message:
              'Não é possível mudar o status da empresa de "Desativada" (disabled) para "Ativa" (active): uma empresa desativada volta ao status que tinha antes, "Pagamento em atraso" (overdue).',
          },
          { status: 409 },
        ),
      ),
    )
    const { user, queryClient } = renderWithQuery(
      <StatusActions
        companyId="cmp-teste"
        companyName="Empresa Teste"
        snapshot={find('opening', { cnpjValid: true, trackDone: true })}
      />,
    )
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate')
        reloads.push(JSON.stringify(event.query.queryKey))
    })
    queryClient.setQueryData(['companies', 'detail', 'cmp-teste'], { id: 'cmp-teste' })
    await user.click(screen.getByRole('button', { name: 'Ativar empresa → Ativa' }))
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Ativar empresa' }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('A situação da empresa mudou antes da sua alteração')
    expect(alert).toHaveTextContent('uma empresa desativada volta ao status que tinha antes')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(reloads).toContain(JSON.stringify(['companies', 'detail', 'cmp-teste']))
  })
})
