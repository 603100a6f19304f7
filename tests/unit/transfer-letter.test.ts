import { describe, expect, it } from 'vitest'
import {
  transferLetterPdf,
  type TransferLetterInput,
} from '../../mock-server/domain/companies/transfer-letter'
import { pdfText, textBeyondMargins } from '../pdf-text'

// The migration's transfer letter (mock-server/domain/companies/transfer-letter.ts) is a PDF the
// client prints and signs: every line of it inside the page's 56-point margins, whatever the
// names and addresses the forms accept (an e-mail of 120 characters is one word no space breaks),
// and every name printed whole, in any alphabet the name field takes.

const accountant = {
  name: 'Nguyễn Thị Minh Khai Albuquerque',
  email:
    'departamento.fiscal.contabil.matriz.regional.nordeste@escritorio-de-contabilidade-e-assessoria-empresarial-associados.com.br',
  phone: '+5581932224455',
  crc: 'PE-054321/O-2',
  takeOverMonth: '2099-01',
} satisfies TransferLetterInput['accountant']

const input: TransferLetterInput = {
  company: {
    name: 'Consultoria Empresarial Estratégica em Planejamento Tributário e Gestão de Pessoas Ltda',
    cnpj: '38765412000195',
    address: {
      zipCode: '50030230',
      state: 'PE',
      city: 'Recife',
      street:
        'Avenida Governador Agamenon Magalhães, Edifício Empresarial Torre Norte Corporate Center',
      number: '4775',
      complement: 'Sala 1204, Bloco B, Torre Norte',
      neighborhood: 'Espinheiro',
    },
  },
  partners: [
    {
      name: 'Łukasz Wiśniewski de Oliveira',
      cpf: '52998224725',
      email: 'lukasz@consultoria.com.br',
      sharePercent: 50,
    },
    {
      name: 'Carla Mendes Prado',
      cpf: '11144477735',
      email: 'carla@consultoria.com.br',
      sharePercent: 50,
    },
  ],
  accountant,
  issuedAt: new Date('2026-11-28T15:00:00Z'),
}

describe('the transfer letter PDF', () => {
  it('keeps every line inside the page, a long e-mail address included', async () => {
    const bytes = await transferLetterPdf(input)
    const { boxes, beyond } = await textBeyondMargins(bytes, 56)
    expect(boxes).toBeGreaterThan(30)
    expect(beyond).toEqual([])
    // The address cut where it must, nothing of it lost.
    expect((await pdfText(bytes)).replace(/\s+/g, '')).toContain(accountant.email)
  })

  it('prints every name whole, letters outside Latin-1 included', async () => {
    const text = await pdfText(await transferLetterPdf(input))
    expect(text).toContain('Nguyễn Thị Minh Khai Albuquerque')
    expect(text).toContain('Łukasz Wiśniewski de Oliveira')
    expect(text).toContain('CRC PE-054321/O-2')
  })
})
