import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatCollectionLine, moneyText } from '../../../src/kernel/tax'
import type { Company } from '../../../src/schemas/company'
import type { Payroll, TaxGuideRecord } from '../../../src/schemas/simples/api'

// The PDFs this product makes (pdf-lib): a guide (DAS, DAS-MEI, DARF) with its amount, due date,
// collection line and what the amount is made of; the pró-labore receipts of a month.

const dayText = (day: string) => day.split('-').reverse().join('/')
const competenceText = (period: string) => `${period.slice(5)}/${period.slice(0, 4)}`
const cnpjText = (cnpj: string | null) =>
  cnpj ? cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5') : '—'
const cpfText = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
const reais = (value: number) => moneyText(Math.round(value * 100))

/** A page writer: lines of text from the top, in two fonts. */
export async function writer(title: string, author: string) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setAuthor(author)
  pdf.setCreator('Contabil')
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page: PDFPage = pdf.addPage([595, 842])
  let y = 780
  const color = rgb(0.12, 0.12, 0.14)
  const line = (text: string, size = 11, font: PDFFont = regular, right?: string) => {
    if (y < 60) {
      page = pdf.addPage([595, 842])
      y = 780
    }
    page.drawText(text, { x: 56, y, size, font, color })
    if (right !== undefined) {
      const width = font.widthOfTextAtSize(right, size)
      page.drawText(right, { x: 539 - width, y, size, font, color })
    }
    y -= size + 9
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

/** A guide's PDF: what the client pays, by when, with which line. */
export async function guidePdf(company: Company, guide: TaxGuideRecord): Promise<Uint8Array> {
  const w = await writer(guide.title, company.name)
  w.line('GUIA DE RECOLHIMENTO', 10, w.bold)
  w.line(guide.title, 16, w.bold)
  w.gap()
  w.line(company.name)
  w.line(`CNPJ ${cnpjText(company.cnpj)}`)
  w.gap()
  w.line(`Competência: ${competenceText(guide.competence)}`)
  w.line(`Pagar até: ${dayText(guide.dueDate)}`, 12, w.bold)
  w.line(`Valor a pagar: ${reais(guide.amount)}`, 14, w.bold)
  w.gap()
  w.line('Linha digitável', 10, w.bold)
  w.line(formatCollectionLine(guide.line), 12)
  w.gap()
  w.line('Composição do valor', 10, w.bold)
  for (const item of guide.lines) w.line(item.label, 10, w.regular, reais(item.amount))
  w.line('Total', 10, w.bold, reais(guide.amount))
  w.gap(14)
  w.line('Depois do vencimento esta linha não vale: gere a guia atualizada no painel.', 9)
  w.line('Documento gerado pelo Contabil (ambiente local de demonstração).', 9)
  return w.save()
}

/** The month's pró-labore receipts: one page per partner. */
export async function receiptsPdf(company: Company, payroll: Payroll): Promise<Uint8Array> {
  const w = await writer(`Recibos de pró-labore – ${competenceText(payroll.period)}`, company.name)
  payroll.partners.forEach((partner, index) => {
    if (index > 0) w.newPage()
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
  if (payroll.partners.length === 0) w.line('Nenhum sócio cadastrado.', 11)
  return w.save()
}
