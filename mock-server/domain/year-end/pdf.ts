import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import type { ReportBlock } from '../../../src/kernel/tax/year-end'
import type { Company } from '../../../src/schemas/company'
import { dayInBrazil, formatDate } from '../../../src/kernel/dates'
import { formatCents } from '../../../src/kernel/money'
import { writer } from '../simples/guide-pdf'
import type { YearPartner } from './facts'

// The partner's income report as a PDF, in the blocks of the official model (IN RFB 2.060/2021,
// Anexo I): the payer, the beneficiary, quadros 3, 4 and 7, and who is responsible.

const cnpjText = (cnpj: string | null) => (cnpj ? formatCnpj(cnpj, { version: 2 }) : '—')
const cpfText = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')

/** Breaks a text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  if (current) lines.push(current)
  return lines
}

export async function incomeReportPdf(input: {
  company: Company
  partner: YearPartner
  year: number
  blocks: ReportBlock[]
  /** Not sent by the accountant yet, or the year still running. */
  preview: boolean
  sentAt: string | null
}): Promise<Uint8Array> {
  const { company, partner, year, blocks } = input
  const w = await writer(`Comprovante de rendimentos ${year} – ${partner.name}`, company.name)
  w.line('MINISTÉRIO DA FAZENDA – SECRETARIA ESPECIAL DA RECEITA FEDERAL DO BRASIL', 8, w.bold)
  w.line('Comprovante de Rendimentos Pagos e de', 14, w.bold)
  w.line('Imposto sobre a Renda Retido na Fonte', 14, w.bold)
  w.line(`Ano-calendário de ${year}`, 11, w.bold)
  if (input.preview)
    w.line('PRÉVIA – ainda não enviada pela contabilidade; os valores podem mudar.', 10, w.bold)
  w.gap()
  w.line('1. Fonte pagadora pessoa jurídica', 10, w.bold)
  w.line(`Nome empresarial: ${company.name}`, 10)
  w.line(`CNPJ: ${cnpjText(company.cnpj)}`, 10)
  w.gap()
  w.line('2. Pessoa física beneficiária dos rendimentos', 10, w.bold)
  w.line(`CPF: ${cpfText(partner.cpf)}`, 10)
  w.line(`Nome completo: ${partner.name}`, 10)
  w.line('Natureza do rendimento: pró-labore e lucros distribuídos ao sócio', 10)
  for (const block of blocks) {
    w.gap()
    w.line(`${block.quadro}. ${block.title}`, 10, w.bold)
    if (block.lines.length === 0) w.line('Sem informações.', 9)
    for (const line of block.lines) {
      const label = line.line === null ? line.label : `${line.line}. ${line.label}`
      const parts = wrap(label, line.amount === null ? 95 : 78)
      parts.forEach((part, index) =>
        w.line(
          part,
          9,
          w.regular,
          index === parts.length - 1 && line.amount !== null ? formatCents(line.amount) : undefined,
        ),
      )
    }
  }
  w.gap()
  w.line('8. Responsável pelas informações', 10, w.bold)
  w.line(`${company.name} – por sua contabilidade`, 10)
  w.line(
    input.sentAt ? `Enviado em ${formatDate(dayInBrazil(input.sentAt))}` : 'Ainda não enviado',
    10,
  )
  w.gap(14)
  w.line('Modelo oficial: IN RFB nº 2.060/2021, Anexo I.', 8)
  w.line('Documento gerado pelo Contabil (ambiente local de demonstração).', 8)
  return w.save()
}
