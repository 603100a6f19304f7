import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Payroll } from '@/schemas/simples/api'
import { PayrollForm } from '@/screens/payroll/PayrollForm'

// Saving the payroll replaces its form with the saved one (keyed by the save time, as
// src/screens/payroll/PayrollScreen.tsx and the month page draw it): the button that had focus
// goes with the old form, and focus goes to the new one (src/ui/return-focus.ts `focusResult`),
// never to <body>.

const save = vi.hoisted(() => ({
  current: async (_input: unknown): Promise<Payroll> => ({}) as Payroll,
}))
vi.mock('@/services/payroll', () => ({
  useSavePayroll: () => ({
    mutateAsync: (input: unknown) => save.current(input),
    isPending: false,
  }),
  useDownloadReceipts: () => ({ mutate: vi.fn(), isPending: false, variables: undefined }),
}))

/** The month's sums, all zero before anything is entered. */
const sums = [
  'salaries',
  'fgts',
  'proLabore',
  'inss',
  'irrf',
  'employeesInss',
  'employeesIrrf',
  'cpp',
  'darf',
  'fatorRPayroll',
] as const

const blank: Payroll = {
  companyId: 'cmp-1',
  period: '2026-10',
  partners: [
    {
      partnerId: '52998224725',
      name: 'Ana Paula Ribeiro',
      cpf: '52998224725',
      amount: 0,
      inss: 0,
      irrf: 0,
      net: 0,
    },
  ],
  employees: [],
  ...(Object.fromEntries(sums.map((sum) => [sum, 0])) as Record<(typeof sums)[number], number>),
  cppOutsideDas: false,
  cppOutside: null,
  entered: false,
  locked: false,
  darfDueDate: '2026-11-19',
  fgtsDueDate: '2026-11-20',
  risk: { needed: false, rat: null, ratFrom: null, fap: 1, fapFrom: 'default', message: null },
  problem: null,
  guides: [],
  updatedAt: null,
}

/** The screen's part: the form of the payroll it has, drawn again once saved. */
function PayrollCard() {
  const [payroll, setPayroll] = useState(blank)
  save.current = async () => {
    const saved = { ...blank, entered: true, updatedAt: '2026-11-28T15:00:00.000Z' }
    setPayroll(saved)
    return saved
  }
  return (
    <PayrollForm
      key={payroll.updatedAt ?? ''}
      companyId="cmp-1"
      payroll={payroll}
      subjectToFatorR
    />
  )
}

describe('saving the payroll', () => {
  it('moves focus to the saved form that replaced the one sent', async () => {
    const user = userEvent.setup()
    render(<PayrollCard />)
    const sent = screen.getByRole('form', { name: 'Folha de outubro de 2026' })
    await user.click(screen.getByRole('checkbox', { name: 'Sem pró-labore neste mês' }))
    screen.getByRole('button', { name: 'Salvar folha do mês' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('form', { name: 'Folha de outubro de 2026' })).toHaveFocus(),
    )
    expect(sent.isConnected).toBe(false)
    expect(document.activeElement).not.toBe(document.body)
  })
})
