import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Company } from '@/schemas/company'
import type { AdminUserDetail } from '@/schemas/user'
import { CreateUserForm } from '@/screens/back-office/CreateUserDialog'
import { UserAccessForm } from '@/screens/back-office/UserScreen'
import { API, backOfficeServer, renderWithQuery } from './support'

// The users' forms: "Novo usuário" (POST /admin/users, SPEC section 5 messages word for word,
// company admin preselected, the company picked by name) and "Acesso" (roles and companies; an
// admin's own system-admin role stays).

const company = (id: string, name: string, alias: string | null): Company => ({
  id,
  name,
  alias,
  cnpj: '45218739000102',
  status: 'active',
  address: null,
  currentSubscription: null,
  trackId: 'create-company',
  type: null,
  size: null,
  activities: [],
  statusHistory: [],
  createdAt: '2025-02-10T13:30:00.000Z',
  updatedAt: '2026-11-01T13:30:00.000Z',
})
const anaDesign = company('cmp-ana-design', 'Ana Design Ltda', 'Ana Design')
const evaStudio = company('cmp-eva-studio', 'Eva Lima Estúdio Fotográfico Ltda', 'Estúdio Eva Lima')

const sent: { method: string; path: string; body: unknown }[] = []
let createAnswer: (body: Record<string, unknown>) => Response
const server = backOfficeServer(
  http.get(`${API}/companies`, ({ request }) => {
    const query = new URL(request.url).searchParams.get('query')?.toLowerCase() ?? ''
    const data = [anaDesign, evaStudio].filter((c) =>
      `${c.name} ${c.alias}`.toLowerCase().includes(query),
    )
    return HttpResponse.json({ data, total: data.length })
  }),
  http.post(`${API}/admin/users`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>
    sent.push({ method: 'POST', path: '/admin/users', body })
    return createAnswer(body)
  }),
  http.patch(`${API}/users/:id`, async ({ params, request }) => {
    const body = await request.json()
    sent.push({ method: 'PATCH', path: `/users/${String(params.id)}`, body })
    return HttpResponse.json({
      data: { ...user, ...(body as object), companyRefs: undefined },
    })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
})
afterAll(() => server.close())

const user: AdminUserDetail = {
  id: 'uid-admin',
  email: 'admin@contabil.dev',
  name: 'Helena Admin',
  phone: null,
  roles: ['system-admin'],
  companies: ['cmp-ana-design'],
  indicatedBy: null,
  referralCode: 'HELENA1',
  disabled: false,
  createdAt: '2025-01-06T12:00:00.000Z',
  companyRefs: [anaDesign],
  lastSignInAt: null,
}

describe('Novo usuário', () => {
  function renderCreate() {
    const onCreated = vi.fn()
    const rendered = renderWithQuery(<CreateUserForm onCreated={onCreated} onCancel={vi.fn()} />)
    const form = screen.getByRole('form', { name: 'Novo usuário' })
    return {
      ...rendered,
      form,
      onCreated,
      submit: () => rendered.user.click(within(form).getByRole('button', { name: 'Criar acesso' })),
    }
  }

  it("says 'E-mail inválido' and 'Celular inválido' (under 11 digits), with company admin preselected", async () => {
    const { user: person, form, submit } = renderCreate()
    expect(within(form).getByRole('checkbox', { name: 'Administrador de empresa' })).toBeChecked()
    expect(
      within(form).getByRole('checkbox', { name: 'Administrador do sistema' }),
    ).not.toBeChecked()
    await person.type(within(form).getByLabelText(/Nome completo/), 'Marina Alves')
    await person.type(within(form).getByLabelText(/E-mail/), 'marina@')
    await person.type(within(form).getByLabelText(/Celular/), '1191234567')
    expect(within(form).getByLabelText(/Celular/)).toHaveValue('+55 (11) 91234-567')
    await submit()
    expect(
      await within(form).findByText('E-mail inválido', { selector: '[id$=-error]' }),
    ).toBeVisible()
    expect(within(form).getByLabelText(/Celular/)).toHaveAccessibleDescription(/Celular inválido/)
    // The summary names both and takes focus.
    const summary = screen.getByText('Confira os campos marcados').parentElement!
    expect(summary).toHaveFocus()
    // Each line names its field once.
    expect(summary).toHaveTextContent('E-mail inválido')
    expect(summary).not.toHaveTextContent('E-mail: E-mail')
    expect(summary).toHaveTextContent('Celular inválido')
    expect(summary).not.toHaveTextContent('Celular: Celular')
    expect(sent).toEqual([])
  })

  it('needs a role, and sends the phone digits, the roles and the company picked by name', async () => {
    createAnswer = (body) =>
      HttpResponse.json(
        {
          data: {
            ...user,
            id: 'uid-marina',
            email: body.email,
            name: body.name,
            roles: body.roles,
            companies: [body.companyId],
            companyRefs: [anaDesign],
            lastSignInAt: undefined,
            signInLink: 'http://127.0.0.1:9099/emulator/action?mode=signIn&oobCode=abc',
          },
        },
        { status: 201 },
      )
    const { user: person, form, submit, onCreated } = renderCreate()
    await person.type(within(form).getByLabelText(/Nome completo/), 'Marina Alves')
    await person.type(within(form).getByLabelText(/E-mail/), 'Marina.Alves@contabil.dev')
    await person.type(within(form).getByLabelText(/Celular/), '11912345678')
    await person.click(within(form).getByRole('checkbox', { name: 'Administrador de empresa' }))
    await submit()
    expect(await within(form).findByText('Escolha pelo menos um papel.')).toBeVisible()
    await person.click(within(form).getByRole('checkbox', { name: 'Administrador de empresa' }))
    await person.type(within(form).getByRole('combobox', { name: 'Empresa' }), 'estúdio')
    await person.click(await screen.findByRole('option', { name: /Estúdio Eva Lima/ }))
    expect(
      within(form).getByText('Estúdio Eva Lima (Eva Lima Estúdio Fotográfico Ltda)'),
    ).toBeVisible()
    await submit()
    await waitFor(() => expect(onCreated).toHaveBeenCalled())
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/admin/users',
        body: {
          name: 'Marina Alves',
          email: 'marina.alves@contabil.dev',
          phone: '11912345678',
          roles: ['company-admin'],
          companyId: 'cmp-eva-studio',
        },
      },
    ])
  })

  it('puts the server’s messages on their fields and a taken e-mail on the e-mail', async () => {
    createAnswer = () =>
      HttpResponse.json({ message: 'Este e-mail já está cadastrado.' }, { status: 409 })
    const { user: person, form, submit } = renderCreate()
    await person.type(within(form).getByLabelText(/Nome completo/), 'Ana Paula Ribeiro')
    await person.type(within(form).getByLabelText(/E-mail/), 'ana@contabil.dev')
    await submit()
    expect(
      await within(form).findByText('Este e-mail já está cadastrado.', {
        selector: '[id$=-error]',
      }),
    ).toBeVisible()
    expect(within(form).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true')

    createAnswer = () =>
      HttpResponse.json(
        { message: 'Celular inválido', issues: [{ path: ['phone'], message: 'Celular inválido' }] },
        { status: 400 },
      )
    await person.clear(within(form).getByLabelText(/E-mail/))
    await person.type(within(form).getByLabelText(/E-mail/), 'outra@contabil.dev')
    await person.type(within(form).getByLabelText(/Celular/), '11900000000')
    await submit()
    await waitFor(() =>
      expect(within(form).getByLabelText(/Celular/)).toHaveAccessibleDescription(
        /Celular inválido/,
      ),
    )
  })
})

describe('Acesso', () => {
  it('keeps an admin’s own system-admin role and saves roles and companies', async () => {
    const { user: person } = renderWithQuery(
      <UserAccessForm user={user} currentUserId="uid-admin" />,
    )
    const form = screen.getByRole('form', { name: 'Acesso' })
    const own = within(form).getByRole('checkbox', { name: 'Administrador do sistema' })
    expect(own).toBeChecked()
    expect(own).toBeDisabled()
    expect(
      within(form).getByText(
        'Você não pode remover o seu próprio papel de administrador do sistema.',
      ),
    ).toBeVisible()
    const save = within(form).getByRole('button', { name: 'Salvar acesso' })
    expect(save).toBeDisabled()
    await person.click(within(form).getByRole('button', { name: /Remover Ana Design/ }))
    expect(within(form).getByText(/Nenhuma empresa/)).toBeVisible()
    await person.type(within(form).getByRole('combobox', { name: 'Adicionar empresa' }), 'eva')
    await person.click(await screen.findByRole('option', { name: /Estúdio Eva Lima/ }))
    await person.click(within(form).getByRole('checkbox', { name: 'Administrador de empresa' }))
    await person.click(save)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/users/uid-admin',
      body: { roles: ['system-admin', 'company-admin'], companies: ['cmp-eva-studio'] },
    })
  })

  it('lets another person’s roles go, but not all of them', async () => {
    const { user: person } = renderWithQuery(
      <UserAccessForm user={{ ...user, id: 'uid-outra' }} currentUserId="uid-admin" />,
    )
    const form = screen.getByRole('form', { name: 'Acesso' })
    const role = within(form).getByRole('checkbox', { name: 'Administrador do sistema' })
    expect(role).toBeEnabled()
    await person.click(role)
    await person.click(within(form).getByRole('button', { name: 'Salvar acesso' }))
    expect(await within(form).findByText('Escolha pelo menos um papel.')).toBeVisible()
    expect(sent).toEqual([])
  })
})
