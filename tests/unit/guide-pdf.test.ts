import { describe, expect, it } from 'vitest'
import { guidePdf, receiptsPdf } from '../../mock-server/domain/simples/guide-pdf'
import { wrapText } from '../../mock-server/domain/pdf-text'
import type { Company } from '@/schemas/company'
import type { Payroll, TaxGuideRecord } from '@/schemas/simples/api'
import { pdfText, textBeyondMargins } from '../pdf-text'

// A guide's PDF (mock-server/domain/simples/guide-pdf.ts): an expired or replaced guide is stamped
// and does not print the line that would no longer pay it; every text box fits its page, as in
// the month's pró-labore receipts and payslips, written by the same writer.

const company = {
  name: 'Ana Design Estratégico e Comunicação Visual para Pequenos Negócios Ltda',
  cnpj: '45218739000102',
} as Company

const guide: TaxGuideRecord = {
  id: 'doc-darf',
  companyId: 'cmp-ana',
  kind: 'DARF',
  title:
    'DARF da DCTFWeb — contribuição previdenciária do pró-labore de 10/2026, recalculado para pagamento em 28/11/2026 com multa e juros Selic',
  competence: '2026-10',
  fileName: 'darf-2026-10.pdf',
  amount: 75.15,
  dueDate: '2026-11-19',
  line: '85800000000751503282026111900000000000000000',
  lines: [
    {
      label: 'Contribuição previdenciária (INSS) sobre o pró-labore dos sócios da empresa',
      amount: 66,
    },
    { label: 'Multa de mora', amount: 1.32 },
    { label: 'Juros Selic', amount: 7.83 },
  ],
  replaces: null,
  createdAt: '2026-11-28T12:00:00.000Z',
}

describe('guidePdf', () => {
  it('prints the due day and the line of a guide still in time', async () => {
    const text = await pdfText(await guidePdf(company, guide))
    expect(text).toContain('Pagar até: 19/11/2026')
    expect(text).toContain('Linha digitável')
    expect(text).not.toContain('VENCIDA')
  })

  it('stamps an expired guide and leaves out its line', async () => {
    const text = await pdfText(await guidePdf(company, guide, { kind: 'expired' }))
    expect(text).toContain('VENCIDA — gere a guia atualizada')
    expect(text).not.toContain('Linha digitável')
    expect(text).not.toContain('Pagar até')
  })

  it('says a replaced guide was replaced, and by the guide of which day', async () => {
    const text = await pdfText(
      await guidePdf(company, guide, { kind: 'replaced', on: '2026-11-28' }),
    )
    expect(text).toContain('SUBSTITUÍDA pela guia de 28/11')
    expect(text).not.toContain('Linha digitável')
  })

  it.each([
    ['payable', { kind: 'payable' }],
    ['expired', { kind: 'expired' }],
    ['replaced', { kind: 'replaced', on: '2026-11-28' }],
  ] as const)('keeps every text box of a %s guide inside the page', async (_name, state) => {
    await expectInsideThePage(await guidePdf(company, guide, state))
  })
})

/** Every text box inside the page's 40-point margins. */
async function expectInsideThePage(bytes: Uint8Array) {
  const { boxes, beyond } = await textBeyondMargins(bytes, 40)
  expect(boxes).toBeGreaterThan(10)
  expect(beyond).toEqual([])
}

describe('receiptsPdf', () => {
  it('keeps every text box of the pró-labore receipts and payslips inside the page', async () => {
    const person = {
      inss: 932.31,
      irrf: 1172.38,
      net: 6395.31,
    }
    const payroll = {
      period: '2026-10',
      partners: [
        {
          partnerId: '52998224725',
          name: 'Ana Paula Ribeiro de Albuquerque Cavalcanti Vasconcelos e Silva',
          cpf: '52998224725',
          amount: 8500,
          ...person,
        },
      ],
      employees: [
        {
          name: 'Maria Aparecida dos Santos Nascimento Figueiredo de Oliveira Lima',
          cpf: '11144477735',
          salary: 8500,
          dependents: 2,
          fgts: 680,
          ...person,
        },
      ],
    } as Payroll
    const bytes = await receiptsPdf(company, payroll)
    expect(await pdfText(bytes)).toContain('RECIBO DE PRÓ-LABORE')
    await expectInsideThePage(bytes)
  })
})

describe('wrapText', () => {
  const widthOf = (part: string) => part.length
  it('breaks at spaces and cuts a word longer than a row', () => {
    expect(wrapText('aa bb cc', widthOf, 5)).toEqual(['aa bb', 'cc'])
    expect(wrapText('abcdefghij', widthOf, 4)).toEqual(['abcd', 'efgh', 'ij'])
    expect(wrapText('curto', widthOf, 80)).toEqual(['curto'])
  })
})
