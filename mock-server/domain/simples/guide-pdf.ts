import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatCents, toCents } from '../../../src/kernel/money'
import { competenceText, formatDate } from '../../../src/kernel/dates'
import { formatCollectionLine } from '../../../src/kernel/tax'
import type { Company } from '../../../src/schemas/company'
import type { Payroll, TaxGuideRecord } from '../../../src/schemas/simples/api'
import { embedUnicodeFonts } from '../pdf-fonts'
import { wrapText } from '../pdf-text'

// The PDFs this product makes (pdf-lib, with an embedded Unicode font: any name prints): a guide
// (DAS, DAS-MEI, DARF, FGTS) with its amount, due date, collection line and what the amount is
// made of; the month's pró-labore receipts and each employee's payslip (holerite).

const cnpjText = (cnpj: string | null) => (cnpj ? formatCnpj(cnpj, { version: 2 }) : '—')
const cpfText = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
const reais = (value: number) => formatCents(toCents(value))

/** The text column of an A4 page (points): 56 from each side. */
const LEFT = 56
const RIGHT = 539
export const TEXT_WIDTH = RIGHT - LEFT

/** A page writer: lines of text from the top, in two fonts. */
export async function writer(title: string, author: string) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setAuthor(author)
  pdf.setCreator('Contabil')
  const { regular, bold } = await embedUnicodeFonts(pdf)
  let page: PDFPage = pdf.addPage([595, 842])
  let y = 780
  const color = rgb(0.12, 0.12, 0.14)
  /**
   * A line of text from the left margin, wrapped at word boundaries so that nothing runs off the
   * page (with `right`, a figure at the right margin and the text kept clear of it).
   */
  const line = (text: string, size = 11, font: PDFFont = regular, right?: string, tone = color) => {
    const rightWidth = right === undefined ? 0 : font.widthOfTextAtSize(right, size) + 12
    const rows = wrapText(
      text,
      (part) => font.widthOfTextAtSize(part, size),
      TEXT_WIDTH - rightWidth,
    )
    rows.forEach((row, index) => {
      if (y < 60) {
        page = pdf.addPage([595, 842])
        y = 780
      }
      page.drawText(row, { x: LEFT, y, size, font, color: tone })
      if (right !== undefined && index === 0)
        page.drawText(right, {
          x: RIGHT - font.widthOfTextAtSize(right, size),
          y,
          size,
          font,
          color: tone,
        })
      y -= size + 9
    })
  }
  const gap = (points = 8) => (y -= points)
  const newPage = () => {
    page = pdf.addPage([595, 842])
    y = 780
  }
  return {
    pdf,
    regular,
    bold,
    line,
    gap,
    newPage,
    save: () => pdf.save({ useObjectStreams: false }),
  }
}

/**
 * What a guide's file says of its state: still to pay by its day; expired unpaid (its line no
 * longer pays); replaced by the guide recalculated on a later day (`on`, `YYYY-MM-DD`).
 */
export type GuideFileState =
  { kind: 'payable' } | { kind: 'expired' } | { kind: 'replaced'; on: string }

const stampRed = rgb(0.72, 0.11, 0.11)

/**
 * A guide's PDF: what the client pays, by when, with which line. An expired or replaced guide
 * carries its stamp instead of the due day and the collection line, which would no longer pay it.
 */
export async function guidePdf(
  company: Company,
  guide: TaxGuideRecord,
  state: GuideFileState = { kind: 'payable' },
): Promise<Uint8Array> {
  const w = await writer(guide.title, company.name)
  w.line('GUIA DE RECOLHIMENTO', 10, w.bold)
  w.line(guide.title, 16, w.bold)
  w.gap()
  if (state.kind !== 'payable') {
    w.line(
      state.kind === 'expired'
        ? 'VENCIDA — gere a guia atualizada'
        : `SUBSTITUÍDA pela guia de ${formatDate(state.on).slice(0, 5)} — pague a nova guia`,
      14,
      w.bold,
      undefined,
      stampRed,
    )
    w.line(`Venceu em ${formatDate(guide.dueDate)}; esta linha digitável não paga mais a guia.`, 10)
    w.gap()
  }
  w.line(company.name)
  w.line(`CNPJ ${cnpjText(company.cnpj)}`)
  w.gap()
  w.line(`Competência: ${competenceText(guide.competence)}`)
  if (state.kind === 'payable') w.line(`Pagar até: ${formatDate(guide.dueDate)}`, 12, w.bold)
  w.line(
    `Valor ${state.kind === 'payable' ? 'a pagar' : 'original'}: ${reais(guide.amount)}`,
    14,
    w.bold,
  )
  w.gap()
  if (state.kind === 'payable') {
    w.line('Linha digitável', 10, w.bold)
    w.line(formatCollectionLine(guide.line), 12)
    w.gap()
  }
  w.line('Composição do valor', 10, w.bold)
  for (const item of guide.lines) w.line(item.label, 10, w.regular, reais(item.amount))
  w.line('Total', 10, w.bold, reais(guide.amount))
  w.gap(14)
  w.line('Depois do vencimento esta linha não vale: gere a guia atualizada no painel.', 9)
  w.line('Documento gerado pelo Contabil (ambiente local de demonstração).', 9)
  return w.save()
}

/**
 * The month's receipts: one page per partner (pró-labore) and one per employee (holerite); with
 * `cpf`, only that person's page.
 */
export async function receiptsPdf(
  company: Company,
  payroll: Payroll,
  cpf?: string,
): Promise<Uint8Array> {
  const partners = payroll.partners.filter((partner) => !cpf || partner.cpf === cpf)
  const employees = payroll.employees.filter((employee) => !cpf || employee.cpf === cpf)
  const title =
    cpf && employees.length > 0
      ? `Holerite – ${employees[0]!.name} – ${competenceText(payroll.period)}`
      : `Recibos da folha – ${competenceText(payroll.period)}`
  const w = await writer(title, company.name)
  let pages = 0
  partners.forEach((partner) => {
    if (pages++ > 0) w.newPage()
    w.line('RECIBO DE PRÓ-LABORE', 10, w.bold)
    w.line(`Competência ${competenceText(payroll.period)}`, 16, w.bold)
    w.gap()
    w.line(`${company.name} – CNPJ ${cnpjText(company.cnpj)}`)
    w.line(`Sócio(a): ${partner.name} – CPF ${cpfText(partner.cpf)}`)
    w.gap()
    w.line('Pró-labore', 11, w.regular, reais(partner.amount))
    w.line('(–) INSS retido (11 %, até o teto)', 11, w.regular, reais(partner.inss))
    w.line('(–) IRRF retido', 11, w.regular, reais(partner.irrf))
    w.line('Valor líquido', 12, w.bold, reais(partner.net))
    w.gap(16)
    w.line(
      `Recebi de ${company.name} o valor líquido acima como pró-labore da competência ${competenceText(payroll.period)}.`,
      9,
    )
    w.gap(30)
    w.line('______________________________________', 11)
    w.line(partner.name, 10)
  })
  employees.forEach((employee) => {
    if (pages++ > 0) w.newPage()
    w.line('RECIBO DE PAGAMENTO DE SALÁRIO (HOLERITE)', 10, w.bold)
    w.line(`Competência ${competenceText(payroll.period)}`, 16, w.bold)
    w.gap()
    w.line(`${company.name} – CNPJ ${cnpjText(company.cnpj)}`)
    w.line(`Empregado(a): ${employee.name} – CPF ${cpfText(employee.cpf)}`)
    w.line(`Dependentes para o IRRF: ${employee.dependents}`, 10)
    w.gap()
    w.line('Proventos', 10, w.bold)
    w.line('Salário do mês', 11, w.regular, reais(employee.salary))
    w.gap(4)
    w.line('Descontos', 10, w.bold)
    w.line('(–) INSS (tabela progressiva do ano)', 11, w.regular, reais(employee.inss))
    w.line('(–) IRRF', 11, w.regular, reais(employee.irrf))
    w.line('Valor líquido', 12, w.bold, reais(employee.net))
    w.gap()
    w.line('Base do INSS', 10, w.regular, reais(employee.salary))
    w.line('Base do FGTS', 10, w.regular, reais(employee.salary))
    w.line('FGTS do mês (8 %, depositado pela empresa)', 10, w.regular, reais(employee.fgts))
    w.gap(16)
    w.line(
      `Recebi de ${company.name} o valor líquido acima, salário da competência ${competenceText(payroll.period)}.`,
      9,
    )
    w.gap(30)
    w.line('______________________________________', 11)
    w.line(employee.name, 10)
  })
  if (pages === 0) w.line('Nenhum sócio ou empregado nesta folha.', 11)
  return w.save()
}
