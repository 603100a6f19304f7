// Writes the files behind the seeded finance documents (fixtures/finance/documents.json) into
// fixtures/files/<companyId>/, one-page PDFs saying what each document is, so a download link of
// a seeded document serves a real file. Keeps files that are already there.
//
//   npx tsx scripts/finance-files.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import { documentTypeLabels, type DocumentType } from '../src/schemas/document'
import { formatMoney } from '../src/kernel/money'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'

type Fixture = {
  companyId: string
  type: DocumentType
  name: string
  fileName: string
  guia?: { kind: string; dueDay: number; amount: number }
}

const root = path.resolve(import.meta.dirname, '..')
const read = <T>(name: string) =>
  JSON.parse(readFileSync(path.join(root, 'fixtures', name), 'utf8')) as T
const documents = read<Fixture[]>('finance/documents.json')
const companies = new Map(
  read<{ id: string; name: string; cnpj: string | null }[]>('companies.json').map((c) => [c.id, c]),
)
const cnpjMask = (cnpj: string) => formatCnpj(cnpj, { version: 2 })

let written = 0
for (const doc of documents) {
  const dir = path.join(root, 'fixtures/files', doc.companyId)
  const file = path.join(dir, doc.fileName)
  if (existsSync(file)) continue
  const company = companies.get(doc.companyId)
  const pdf = await PDFDocument.create()
  pdf.setTitle(doc.name)
  pdf.setAuthor(company?.name ?? 'Contabil')
  const page = pdf.addPage([595, 842])
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let y = 780
  const line = (text: string, size = 12, font = regular) => {
    page.drawText(text, { x: 56, y, size, font, color: rgb(0.12, 0.12, 0.14) })
    y -= size + 10
  }
  line(documentTypeLabels[doc.type].toUpperCase(), 10, bold)
  line(doc.name, 18, bold)
  y -= 8
  if (company) {
    line(company.name)
    if (company.cnpj) line(`CNPJ ${cnpjMask(company.cnpj)}`)
  }
  if (doc.guia) {
    y -= 8
    line(`Guia: ${doc.guia.kind}`, 12, bold)
    line(`Valor: ${formatMoney(doc.guia.amount)}`)
    line(`Vencimento: dia ${doc.guia.dueDay} do mês de emissão`)
  }
  y -= 8
  line('Documento de demonstração do ambiente local do Contabil.', 9)
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, await pdf.save({ useObjectStreams: false }))
  written++
}
console.log(`${written} arquivo(s) criado(s) em fixtures/files`)
