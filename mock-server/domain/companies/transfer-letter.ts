import { PDFDocument, rgb, type PDFPage } from 'pdf-lib'
import { formatCnpj, formatCep } from '@brazilian-utils/brazilian-utils'
import type { Company } from '../../../src/schemas/company'
import type { MigrateAccountant, PartnerRegistrationBasic } from '../../../src/schemas/steps'
import { embedUnicodeFonts } from '../pdf-fonts'
import { wrapText } from '../pdf-text'

// The transfer letter of the migration track's `migrate-accountant` step (docs/product.md §4
// "Tracks and steps", docs/tax-rules.md "Changing accountant"): the client's request to the current
// accountant to hand over the books and documents, with the checklist CFC Resolução 1.590/2020 asks
// of a change of accountant — a written distrato, the documents handed over, the date
// responsibility passes.

export type TransferLetterInput = {
  company: Pick<Company, 'name' | 'cnpj' | 'address'>
  partners: PartnerRegistrationBasic['partners']
  accountant: Pick<MigrateAccountant, 'name' | 'email' | 'phone' | 'crc' | 'takeOverMonth'>
  /** When the letter is issued. */
  issuedAt: Date
}

const longDate = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
})
const monthName = new Intl.DateTimeFormat('pt-BR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
/** `dezembro de 2026` for `2026-12`. */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T12:00:00Z`))

export const transferLetterFileName = (cnpj: string | null) =>
  `carta-de-transferencia${cnpj ? `-${cnpj}` : ''}.pdf`

/** The letter's text, paragraph by paragraph (also what the PDF holds). */
export function transferLetterText({
  company,
  partners,
  accountant,
  issuedAt,
}: TransferLetterInput) {
  const cnpj = company.cnpj ? formatCnpj(company.cnpj, { version: 2 }) : 'ainda não informado'
  const address = company.address
  const where = address
    ? `${address.street}, ${address.number}${address.complement ? `, ${address.complement}` : ''}, ${address.neighborhood}, ${address.city}/${address.state}, CEP ${formatCep(address.zipCode)}`
    : null
  const month = monthLabel(accountant.takeOverMonth)
  const firstDay = `1º de ${month}`
  const signers = partners.length > 0 ? partners.map((partner) => partner.name) : [company.name]
  return {
    title: 'Carta de transferência de responsabilidade técnica contábil',
    place: `${address ? `${address.city}/${address.state}, ` : ''}${longDate.format(issuedAt)}.`,
    to: [
      `Ao(À) contador(a) ${accountant.name}`,
      `CRC ${accountant.crc}`,
      `E-mail ${accountant.email} · Telefone ${accountant.phone}`,
    ],
    subject: `Assunto: troca de contador de ${company.name}, CNPJ ${cnpj}.`,
    body: [
      `Prezado(a) ${accountant.name},`,
      `Comunicamos que ${company.name}, CNPJ ${cnpj}${where ? `, com sede em ${where}` : ''}, decidiu transferir a responsabilidade técnica pela sua contabilidade para a Contabil, contabilidade online.`,
      `Pedimos a entrega dos livros, documentos e registros contábeis e fiscais da empresa que estão sob sua guarda, como prevê a Resolução CFC nº 1.590/2020 para a troca de profissional da contabilidade, e a formalização do distrato do contrato de prestação de serviços.`,
      `A responsabilidade técnica passa à Contabil em ${firstDay}: as competências de ${month} em diante ficam com a Contabil; as anteriores, e as obrigações acessórias delas, seguem sob a sua responsabilidade.`,
    ],
    checklistTitle: 'O que a Resolução CFC nº 1.590/2020 pede na troca de contador',
    checklist: [
      'Distrato por escrito do contrato de prestação de serviços contábeis, assinado pelas partes, com a data em que os serviços terminam.',
      'Termo de transferência de responsabilidade técnica, assinado pelo contador atual e pela Contabil, com a lista do que foi entregue.',
      'Livros Diário e Razão, balancetes, balanços patrimoniais e demonstrações do resultado.',
      'Declarações e escriturações entregues: PGDAS-D e DEFIS (ou DASN-SIMEI), DCTFWeb, EFD-Reinf, ECD e ECF, quando houver.',
      'Folha de pagamento, pró-labore, eSocial, FGTS Digital e guias do INSS.',
      'Guias de tributos pagas e seus comprovantes; parcelamentos em andamento.',
      'Contrato social e alterações, alvarás, licenças e certidões.',
      'Relação de pendências conhecidas: obrigações em atraso, intimações e débitos.',
      `Data em que a responsabilidade passa: ${firstDay}.`,
    ],
    closing: 'Agradecemos a atenção e a colaboração na transição.',
    signatures: [
      ...signers.map((name) => `${name} — ${company.name}`),
      `${accountant.name} — contador(a) atual, CRC ${accountant.crc}`,
      'Contabil — nova responsável técnica',
    ],
  }
}

const MARGIN = 56
const WIDTH = 595
const HEIGHT = 842

/**
 * The letter as an A4 PDF, in the product's embedded Unicode fonts (any name the forms take prints
 * whole), every line wrapped inside the margins (a long e-mail address cut where it must).
 */
export async function transferLetterPdf(input: TransferLetterInput): Promise<Uint8Array> {
  const text = transferLetterText(input)
  const pdf = await PDFDocument.create()
  pdf.setTitle(text.title)
  pdf.setSubject(text.subject)
  pdf.setAuthor(input.company.name)
  pdf.setCreator('Contabil')
  pdf.setCreationDate(input.issuedAt)
  const { regular, bold } = await embedUnicodeFonts(pdf)

  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT])
  let y = HEIGHT - MARGIN
  const ensure = (height: number) => {
    if (y - height >= MARGIN) return
    page = pdf.addPage([WIDTH, HEIGHT])
    y = HEIGHT - MARGIN
  }
  const paragraph = (
    value: string,
    { font = regular, size = 10.5, indent = 0, gap = 7, prefix = '' } = {},
  ) => {
    const width = WIDTH - MARGIN * 2 - indent
    const wrapped = wrapText(
      value.replace(/\s+/g, ' ').trim(),
      (part) => font.widthOfTextAtSize(part, size),
      width,
    )
    wrapped.forEach((line, index) => {
      ensure(size + 4)
      if (index === 0 && prefix)
        page.drawText(prefix, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) })
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: rgb(0.1, 0.1, 0.1) })
      y -= size + 4
    })
    y -= gap
  }

  paragraph(text.title.toUpperCase(), { font: bold, size: 13, gap: 14 })
  paragraph(text.place, { gap: 14 })
  text.to.forEach((line, index) =>
    paragraph(line, {
      font: index === 0 ? bold : regular,
      gap: index === text.to.length - 1 ? 12 : 0,
    }),
  )
  paragraph(text.subject, { font: bold, gap: 12 })
  text.body.forEach((line) => paragraph(line))
  y -= 4
  paragraph(text.checklistTitle, { font: bold, size: 12, gap: 6 })
  text.checklist.forEach((item) => paragraph(item, { indent: 26, gap: 4, prefix: '[  ]' }))
  y -= 6
  paragraph(text.closing, { gap: 12 })
  for (const signer of text.signatures) {
    ensure(44)
    y -= 16
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + 260, y },
      thickness: 0.8,
      color: rgb(0.3, 0.3, 0.3),
    })
    y -= 12
    paragraph(signer, { size: 9.5, gap: 2 })
  }
  return pdf.save()
}
