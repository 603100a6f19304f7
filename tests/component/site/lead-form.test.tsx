import { factory, nullable, primaryKey } from '@mswjs/data'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { env } from '@/config/env'
import { leadCreateSchema } from '@/schemas/lead'
import { LeadFormSlot } from '@/screens/site/forms/LeadFormSlot'
import { renderInRouter } from './support'

// The lead form (SPEC section 5): name, e-mail ('E-mail inválido'), a masked mobile ('Celular
// inválido' under 17 formatted characters), plan; POST /leads (answered by msw over an
// @mswjs/data store, validated by the server's own schema); a success toast.

const db = factory({
  lead: {
    id: primaryKey(String),
    name: String,
    email: String,
    phone: nullable(String),
    planId: nullable(String),
    source: nullable(String),
    track: nullable(String),
  },
})

const server = setupServer(
  http.post(`${env.apiUrl}/leads`, async ({ request }) => {
    const parsed = leadCreateSchema.safeParse(await request.json())
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path,
        message: issue.message,
      }))
      return HttpResponse.json({ message: issues[0]!.message, issues }, { status: 400 })
    }
    const lead = db.lead.create({
      id: `lead-${db.lead.count() + 1}`,
      name: parsed.data.name,
      email: parsed.data.email,
      phone: parsed.data.phone || null,
      planId: parsed.data.planId || null,
      source: parsed.data.source ?? null,
      track: parsed.data.track ?? null,
    })
    return HttpResponse.json({ data: lead }, { status: 201 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  db.lead.deleteMany({ where: { id: { contains: 'lead' } } })
})
afterAll(() => server.close())

const plans = [
  { id: 'plan-servicos', name: 'Serviços', price: 189.9 },
  { id: 'plan-comercio', name: 'Comércio', price: 259.9 },
]

async function renderForm() {
  const user = userEvent.setup()
  await renderInRouter(() => (
    <LeadFormSlot
      title="Fale com um contador"
      text="Respondemos em até um dia útil."
      submitLabel="Quero abrir minha empresa"
      source="/abrir-empresa"
      track="create-company"
      plans={plans}
    />
  ))
  const form = await screen.findByRole('form', { name: 'Fale com um contador' })
  return { user, form }
}

/** The full form has taken over once the phone field carries the mask. */
const fullForm = async () =>
  waitFor(() => expect(screen.getByLabelText('Celular')).toHaveAttribute('inputmode', 'tel'))

describe('lead form', () => {
  it('shows the fields with labels before its code loads, and keeps what was typed', async () => {
    const { user, form } = await renderForm()
    expect(within(form).getByLabelText(/Nome/)).toBeInTheDocument()
    expect(within(form).getByLabelText(/E-mail/)).toBeInTheDocument()
    expect(within(form).getByLabelText('Plano de interesse')).toHaveDisplayValue('Ainda não sei')
    await user.type(within(form).getByLabelText(/Nome/), 'Joana')
    await fullForm()
    await user.type(screen.getByLabelText(/Nome/), ' Prado')
    expect(screen.getByLabelText(/Nome/)).toHaveValue('Joana Prado')
  })

  it("answers the spec's messages word for word", async () => {
    const { user } = await renderForm()
    await user.click(screen.getByLabelText(/Nome/))
    await fullForm()
    await user.type(screen.getByLabelText(/Nome/), 'Joana Prado')
    await user.type(screen.getByLabelText(/E-mail/), 'joana@')
    await user.type(screen.getByLabelText('Celular'), '1199')
    await user.click(screen.getByRole('button', { name: 'Quero abrir minha empresa' }))
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument()
    expect(await screen.findByText('Celular inválido')).toBeInTheDocument()
    expect(db.lead.count()).toBe(0)
  })

  it('masks the mobile and takes 17 formatted characters as the minimum', async () => {
    const { user } = await renderForm()
    await user.click(screen.getByLabelText('Celular'))
    await fullForm()
    await user.type(screen.getByLabelText('Celular'), '11977776')
    // 16 characters: one short.
    expect(screen.getByLabelText('Celular')).toHaveValue('+55 (11) 97777-6')
    await user.type(screen.getByLabelText(/Nome/), 'Joana Prado')
    await user.type(screen.getByLabelText(/E-mail/), 'joana@example.com')
    await user.click(screen.getByRole('button', { name: 'Quero abrir minha empresa' }))
    expect(await screen.findByText('Celular inválido')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Celular'), '6')
    expect(screen.getByLabelText('Celular')).toHaveValue('+55 (11) 97777-66')
    await user.click(screen.getByRole('button', { name: 'Quero abrir minha empresa' }))
    await waitFor(() => expect(db.lead.count()).toBe(1))
  })

  it('sends the lead with its page and track, shows the success toast and the next step', async () => {
    const { user } = await renderForm()
    await user.click(screen.getByLabelText(/Nome/))
    await fullForm()
    await user.type(screen.getByLabelText(/Nome/), 'Joana Prado')
    await user.type(screen.getByLabelText(/E-mail/), 'Joana@Example.com')
    await user.type(screen.getByLabelText('Celular'), '11977776666')
    await user.selectOptions(screen.getByLabelText('Plano de interesse'), 'plan-servicos')
    await user.click(screen.getByRole('button', { name: 'Quero abrir minha empresa' }))
    await waitFor(() =>
      expect(document.querySelector('.Toastify')).toHaveTextContent(
        'Recebemos seu contato! Um contador vai falar com você em até um dia útil.',
      ),
    )
    expect(db.lead.getAll()).toEqual([
      expect.objectContaining({
        name: 'Joana Prado',
        email: 'joana@example.com',
        phone: '+55 (11) 97777-6666',
        planId: 'plan-servicos',
        source: '/abrir-empresa',
        track: 'create-company',
      }),
    ])
    expect(screen.getByRole('heading', { name: 'Obrigado, Joana!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Criar minha conta' })).toHaveAttribute(
      'href',
      '/app/login?mode=signup&track=create-company',
    )
  })

  it('shows what the server refused next to the field', async () => {
    server.use(
      http.post(`${env.apiUrl}/leads`, () =>
        HttpResponse.json(
          { message: 'Plano inválido', issues: [{ path: ['planId'], message: 'Plano inválido' }] },
          { status: 400 },
        ),
      ),
    )
    const { user } = await renderForm()
    await user.click(screen.getByLabelText(/Nome/))
    await fullForm()
    await user.type(screen.getByLabelText(/Nome/), 'Joana Prado')
    await user.type(screen.getByLabelText(/E-mail/), 'joana@example.com')
    await user.click(screen.getByRole('button', { name: 'Quero abrir minha empresa' }))
    const select = screen.getByLabelText('Plano de interesse')
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'))
    // Next to the field, and as the form's message.
    expect(screen.getAllByText('Plano inválido')).toHaveLength(2)
  })
})
