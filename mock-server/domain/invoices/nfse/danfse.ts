import { formatCep, formatCnpj, formatCpf, formatPhone } from '@brazilian-utils/brazilian-utils'
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import { fromCents, toCents } from '../../../../src/kernel/money'
import type { NfseFacts, PersonFacts } from '../../../formats/nfse/reader'

// The DANFSe (Documento Auxiliar da NFS-e), the PDF of an NFS-e, as NT 008 v1.0 (DANFSe v2.0,
// fixtures/nfse-real/danfse/nt-008-se-cgnfse-danfse-20260505.pdftotext.txt) lays it out: one A4
// page; the header (title, the emitting municipality, the generating system, the environment —
// "NFS-e SEM VALIDADE JURÍDICA" in homologation); the NFS-e's identification with the QR code
// of its consultation link; the blocks of section 2.1 (provider, taker, recipient, intermediary,
// service, ISSQN, federal taxes, total value, complementary information) with the labels of its
// item 2.4.5, each value read from the NFS-e's XML and "-" where the XML has none (its note 12).
// The IBS/CBS block (item 2.1.10) is drawn only for an NFS-e that carries the IBSCBS group (none
// the product issues does yet); without it the totals' IBS/CBS fields are "-". Drawn with pdf-lib's standard fonts, so its text is text; a cancelled one is
// watermarked "CANCELADA" (its item 2.5.1), a substituted one "SUBSTITUÍDA" (its item 2.5.2).

export type DanfseInput = {
  nfse: NfseFacts
  /** Municipality names by IBGE code ("São Paulo/SP"). */
  municipalityName: (code: string | null) => string
  /** The national public consultation link of the key. */
  consultationUrl: string
  cancellation: { at: string; reason: string; codeLabel: string } | null
  /** Replaced by another NFS-e (its `chSubstda` names this one's key). */
  substituted: boolean
}

const CM = 72 / 2.54
const WIDTH = 595.28
const HEIGHT = 841.89
/** The model's left and top margin (0,30 cm) and its width (20,40 cm, four columns). */
const MARGIN = 0.3 * CM
const INNER = 20.4 * CM
const COLUMN = INNER / 4
const PAD = 3
const INK = rgb(0, 0, 0)
const RED = rgb(1, 0, 0)
const RULE = rgb(0, 0, 0)
/** Light grey (5 %) behind the header, the blocks' titles and the shaded fields (item 2.2.3). */
const SHADE = rgb(0.95, 0.95, 0.95)
/** The watermark's grey (K35, item 2.5). */
const WATERMARK = rgb(0.65, 0.65, 0.65)
const NONE = '-'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const when = (iso: string) => (iso ? dateTime.format(new Date(iso)).replace(',', '') : NONE)
const day = (date: string) =>
  date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : NONE

/** "1850.50" → "R$ 1.850,50". */
export function money(value: string) {
  const [units = '0', cents = '00'] = value.split('.')
  return `R$ ${units.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents.padEnd(2, '0')}`
}

const moneyOrNone = (value: string | null) => (value === null ? NONE : money(value))
/** The sum of amounts of the XML ("12.50"), in the XML's form; null when none is present. */
function sumOf(values: (string | null)[]) {
  const present = values.filter((value): value is string => value !== null)
  if (present.length === 0) return null
  const cents = present.reduce((total, value) => total + toCents(Number(value)), 0)
  return fromCents(cents).toFixed(2)
}
const percent = (value: string | null) => (value === null ? NONE : `${value.replace('.', ',')}%`)

/** CNPJ, CPF or a foreign NIF as printed (item 2.4.5: nn.nnn.nnn/nnnn-nn / nnn.nnn.nnn-nn / nnn). */
const documentText = (value: string | null) =>
  !value
    ? NONE
    : /^\d{11}$/.test(value)
      ? formatCpf(value)
      : /^[0-9A-Z]{12}\d{2}$/.test(value)
        ? formatCnpj(value, { version: 2 })
        : value
const phoneText = (value: string | null) =>
  !value ? NONE : /^\d{10,11}$/.test(value) ? formatPhone(value, { mask: 'auto' }) : value

// The descriptions of the layout's codes (fixtures/reference/nfse-v1.01/tiposSimples_v1.01.xsd),
// as item 2.4.5 asks ("Utilizar a descrição destas opções").
const label = (labels: Record<string, string>, code: string | null) =>
  code === null ? NONE : (labels[code] ?? code)
const environmentLabels: Record<string, string> = { '1': 'Produção', '2': 'Homologação' }
const generatorLabels: Record<string, string> = {
  '1': 'Prefeitura',
  '2': 'Sistema Nacional da NFS-e',
}
const issuerLabels: Record<string, string> = {
  '1': 'Prestador',
  '2': 'Tomador',
  '3': 'Intermediário',
}
const statusLabels: Record<string, string> = {
  '100': 'NFS-e Gerada',
  '101': 'NFS-e de Substituição Gerada',
  '102': 'NFS-e de Decisão Judicial',
  '103': 'NFS-e Avulsa',
  '107': 'NFS-e MEI',
}
const purposeLabels: Record<string, string> = { '0': 'NFS-e regular' }
const regimeLabels: Record<string, string> = {
  '1': 'Não Optante',
  '2': 'Optante - Microempreendedor Individual (MEI)',
  '3': 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
}
const simplesRegimeLabels: Record<string, string> = {
  '1': 'Regime de apuração dos tributos federais e municipal pelo Simples Nacional',
  '2': 'Regime de apuração dos tributos federais pelo SN e o ISSQN pela NFS-e conforme respectiva legislação municipal do tributo',
  '3': 'Regime de apuração dos tributos federais e municipal pela NFS-e conforme respectivas legislações federal e municipal de cada tributo',
}
const specialRegimeLabels: Record<string, string> = {
  '0': 'Nenhum',
  '1': 'Ato Cooperado (Cooperativa)',
  '2': 'Estimativa',
  '3': 'Microempresa Municipal',
  '4': 'Notário ou Registrador',
  '5': 'Profissional Autônomo',
  '6': 'Sociedade de Profissionais',
  '9': 'Outros',
}
const issTaxationLabels: Record<string, string> = {
  '1': 'Operação Tributável',
  '2': 'Imunidade',
  '3': 'Exportação de Serviço',
  '4': 'Não Incidência',
}
const immunityLabels: Record<string, string> = {
  '0': 'Imunidade (tipo não informado na nota de origem)',
  '1': 'Patrimônio, renda ou serviços, uns dos outros (CF88, Art 150, VI, a)',
  '2': 'Templos de qualquer culto (CF88, Art 150, VI, b)',
  '3': 'Patrimônio, renda ou serviços dos partidos políticos, inclusive suas fundações, das entidades sindicais dos trabalhadores, das instituições de educação e de assistência social, sem fins lucrativos (CF88, Art 150, VI, c)',
  '4': 'Livros, jornais, periódicos e o papel destinado a sua impressão (CF88, Art 150, VI, d)',
  '5': 'Fonogramas e videofonogramas musicais produzidos no Brasil (CF88, Art 150, VI, e)',
}
const suspensionLabels: Record<string, string> = {
  '1': 'Exigibilidade Suspensa por Decisão Judicial',
  '2': 'Exigibilidade Suspensa por Processo Administrativo',
}
const benefitLabels: Record<string, string> = {
  '1': 'Isenção',
  '2': 'Redução da BC em %',
  '3': 'Redução da BC em R$',
  '4': 'Alíquota Diferenciada',
}
const retentionLabels: Record<string, string> = {
  '1': 'Não Retido',
  '2': 'Retido pelo Tomador',
  '3': 'Retido pelo Intermediário',
}
const pisCofinsRetentionLabels: Record<string, string> = {
  '0': 'PIS/COFINS/CSLL Não Retidos',
  '1': 'PIS/COFINS Retidos',
  '2': 'PIS/COFINS Não Retidos',
  '3': 'PIS/COFINS/CSLL Retidos',
  '4': 'PIS/COFINS Retidos, CSLL Não Retido',
  '5': 'PIS Retido, COFINS/CSLL Não Retido',
  '6': 'COFINS Retido, PIS/CSLL Não Retido',
  '7': 'PIS Não Retido, COFINS/CSLL Retidos',
  '8': 'PIS/COFINS Não Retidos, CSLL Retido',
  '9': 'COFINS Não Retido, PIS/CSLL Retidos',
}

/**
 * The QR code's dark modules as one SVG path in module units, a quiet module around it: each run
 * of dark modules in a row is one rectangle, and the whole code is one fill (a rectangle per
 * module made the DANFSe's drawing several times slower).
 */
export function qrPath(modules: QRCode.BitMatrix) {
  const parts: string[] = []
  for (let row = 0; row < modules.size; row++) {
    let col = 0
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < modules.size && modules.get(row, col)) col++
      parts.push(`M${start + 1} ${row + 1}h${col - start}v1h${start - col}z`)
    }
  }
  return parts.join('')
}

/** A field: its label and value, over `span` of the four columns (one by default). */
type Cell = {
  label: string
  value: string
  span?: number
  /** Wrapped over up to this many lines (one by default: a longer value ends in "..."). */
  lines?: number
  shaded?: boolean
}

export async function danfsePdf(input: DanfseInput): Promise<Uint8Array> {
  const { nfse, municipalityName } = input
  const dps = nfse.dps
  const pdf = await PDFDocument.create()
  pdf.setTitle(`DANFSe — NFS-e nº ${nfse.number}`)
  pdf.setSubject(`Chave de acesso ${nfse.accessKey}`)
  pdf.setAuthor(nfse.emitter.name)
  pdf.setCreator('Contabil')
  pdf.setCreationDate(new Date(nfse.processedAt))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const writable = new Set(regular.getCharacterSet())
  // The standard fonts write WinAnsi: a character outside it is left out, never a broken PDF.
  const clean = (value: string) =>
    [...value.replace(/\r?\n/g, ' ')].filter((char) => writable.has(char.codePointAt(0)!)).join('')
  /** The value's lines inside `width`, at most `max`, the last one ending in "..." when cut. */
  const lines = (value: string, font: PDFFont, size: number, width: number, max: number) => {
    const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width
    const out: string[] = []
    let line = ''
    for (const word of clean(value).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word
      if (fits(next)) line = next
      else {
        if (line) out.push(line)
        line = word
        // A word wider than the column is cut where it stops fitting.
        while (!fits(line)) {
          let cut = line.length - 1
          while (cut > 1 && !fits(line.slice(0, cut))) cut--
          out.push(line.slice(0, cut))
          line = line.slice(cut)
        }
      }
    }
    if (line) out.push(line)
    if (out.length <= max) return out.length ? out : [NONE]
    const kept = out.slice(0, max)
    let last = kept[max - 1]!
    while (last && !fits(`${last}...`)) last = last.slice(0, -1)
    kept[max - 1] = `${last}...`
    return kept
  }

  const page: PDFPage = pdf.addPage([WIDTH, HEIGHT])
  const top = HEIGHT - MARGIN
  let y = top
  const text = (value: string, x: number, at: number, size: number, font = regular, color = INK) =>
    page.drawText(clean(value), { x, y: at, size, font, color })
  const centred = (
    value: string,
    x: number,
    width: number,
    at: number,
    size: number,
    color = INK,
  ) =>
    text(value, x + (width - bold.widthOfTextAtSize(clean(value), size)) / 2, at, size, bold, color)
  const rule = (at: number) =>
    page.drawLine({
      start: { x: MARGIN, y: at },
      end: { x: MARGIN + INNER, y: at },
      thickness: 0.5,
      color: RULE,
    })

  // ---- header (item 2.4.3): the NFS-e's name, the title, the municipality and the environment --
  const headerHeight = 1.16 * CM
  page.drawRectangle({
    x: MARGIN,
    y: y - headerHeight,
    width: INNER,
    height: headerHeight,
    color: SHADE,
  })
  text('NFS-e', MARGIN + PAD + 2, y - 19, 18, bold)
  text('Nota Fiscal de Serviço eletrônica', MARGIN + PAD + 2, y - 27, 6)
  const middle = MARGIN + COLUMN
  centred('DANFSe v2.0', middle, COLUMN * 2, y - 10, 9)
  centred('Documento Auxiliar da NFS-e', middle, COLUMN * 2, y - 20, 9)
  if (dps.environment === '2')
    centred('NFS-e SEM VALIDADE JURÍDICA', middle, COLUMN * 2, y - 30, 9, RED)
  const right = MARGIN + COLUMN * 3 + PAD
  // The municipality is left out for a service of item 99 of the national list (item 2.4.5).
  if (!dps.taxationCode.startsWith('99')) {
    const place = `Município: ${nfse.issuingMunicipality} / ${nfse.emitter.state}`
    text(lines(place, regular, 8, COLUMN - PAD * 2, 1)[0]!, right, y - 11, 8)
  }
  text(`Ambiente gerador: ${label(generatorLabels, nfse.generator)}`, right, y - 21, 6)
  text(`Tipo de ambiente: ${label(environmentLabels, dps.environment)}`, right, y - 29, 6)
  y -= headerHeight
  rule(y)

  /** One row of fields laid out from `x`: its height, and how to draw it. */
  const row = (cells: Cell[], x: number, labelSize = 6, caps = false) => {
    const laid = cells.map((cell) => {
      const width = COLUMN * (cell.span ?? 1)
      const wrapped = lines(cell.value || NONE, regular, 7, width - PAD * 2, cell.lines ?? 1)
      return { cell, width, wrapped }
    })
    const height = Math.max(0.63 * CM, ...laid.map(({ wrapped }) => 10 + wrapped.length * 8 + 2))
    const draw = (rowHeight = height) => {
      let at = x
      for (const { cell, width, wrapped } of laid) {
        if (cell.shaded)
          page.drawRectangle({ x: at, y: y - rowHeight, width, height: rowHeight, color: SHADE })
        const title = caps ? cell.label.toUpperCase().replace('NFS-E', 'NFS-e') : cell.label
        // A field without a label (the code's description) starts its value at the top.
        const first = title ? 16 : 9
        if (title)
          text(
            lines(title, bold, labelSize, width - PAD * 2, 1)[0]!,
            at + PAD,
            y - 8,
            labelSize,
            bold,
          )
        wrapped.forEach((line, index) => text(line, at + PAD, y - first - index * 8, 7))
        at += width
      }
    }
    return { height, draw }
  }
  const drawRow = (cells: Cell[], x: number, labelSize = 6, caps = false) => {
    const laid = row(cells, x, labelSize, caps)
    laid.draw()
    return laid.height
  }

  // ---- the NFS-e's identification (items 2.1.1, 2.1.2), its QR code on the right ----
  const identification: Cell[][] = [
    [{ label: 'Chave de Acesso da NFS-e', value: nfse.accessKey, span: 3 }],
    [
      { label: 'Número da NFS-e', value: nfse.number },
      { label: 'Competência da NFS-e', value: day(dps.competence) },
      { label: 'Data e Hora da emissão da NFS-e', value: when(nfse.processedAt) },
    ],
    [
      { label: 'Número da DPS', value: dps.number },
      { label: 'Série da DPS', value: dps.series },
      { label: 'Data e Hora da emissão da DPS', value: when(dps.issuedAt) },
    ],
    [
      { label: 'Emitente da NFS-e', value: label(issuerLabels, dps.issuerType), shaded: true },
      { label: 'Situação da NFS-e', value: label(statusLabels, nfse.status) },
      { label: 'Finalidade', value: label(purposeLabels, dps.purpose) },
    ],
  ]
  const identificationTop = y
  for (const cells of identification) y -= drawRow(cells, MARGIN, 7, true)
  const qrSize = 1.8 * CM
  const qr = QRCode.create(input.consultationUrl, { errorCorrectionLevel: 'M' })
  const unit = qrSize / (qr.modules.size + 2)
  const qrX = MARGIN + COLUMN * 3 + (COLUMN - qrSize) / 2
  const qrTop = identificationTop - 4
  page.drawSvgPath(qrPath(qr.modules), { x: qrX, y: qrTop, scale: unit, color: rgb(0, 0, 0) })
  lines(
    'A autenticidade desta NFS-e pode ser verificada pela leitura deste código QR ou pela consulta da chave de acesso no portal nacional da NFS-e',
    regular,
    6,
    COLUMN - PAD * 2,
    3,
  ).forEach((line, index) =>
    text(line, MARGIN + COLUMN * 3 + PAD, qrTop - qrSize - 6 - index * 7, 6),
  )
  y = Math.min(y, qrTop - qrSize - 6 - 2 * 7 - 6)
  rule(y)

  /**
   * A block (item 2.4.5): its title in the first column of its first row, shaded, then its
   * fields; `rows[0]` fills the three columns beside the title, the others all four.
   */
  const block = (title: string, rows: Cell[][]) => {
    rows.forEach((cells, index) => {
      const x = MARGIN
      if (index === 0) {
        const titleLines = lines(title, bold, 7, COLUMN - PAD * 2, 2)
        const fields = row(cells, MARGIN + COLUMN)
        const rowHeight = Math.max(6 + titleLines.length * 8, fields.height)
        page.drawRectangle({ x, y: y - rowHeight, width: COLUMN, height: rowHeight, color: SHADE })
        titleLines.forEach((line, i) => text(line, x + PAD, y - 9 - i * 8, 7, bold))
        fields.draw(rowHeight)
        y -= rowHeight
      } else y -= drawRow(cells, x)
    })
    rule(y)
  }
  /** A block the NFS-e has nothing for: one line with the model's sentence (item 2.3.1). */
  const absent = (sentence: string) => {
    const height = 0.45 * CM
    text(sentence, MARGIN + PAD, y - height + 4, 7, bold)
    y -= height
    rule(y)
  }
  const fullWidthTitle = (title: string) => {
    const height = 0.39 * CM
    page.drawRectangle({ x: MARGIN, y: y - height, width: INNER, height, color: SHADE })
    text(title, MARGIN + PAD, y - height + 3.5, 7, bold)
    y -= height
  }

  const place = (code: string | null) => {
    const name = municipalityName(code)
    return name.replace(/\/([A-Z]{2})$/, ' / $1')
  }
  const emitter = nfse.emitter
  const address = (parts: (string | null)[]) => {
    const present = parts.filter((part): part is string => !!part)
    return present.length ? present.join(', ') : NONE
  }
  const ibgeAndCep = (code: string | null, zip: string | null) =>
    !code && !zip ? NONE : `${code ?? NONE} / ${zip ? formatCep(zip) : NONE}`

  // ---- provider (item 2.1.3): the DPS's `prest`, the name and address the NFS-e's `emit` ----
  block('PRESTADOR / FORNECEDOR', [
    [
      { label: 'CNPJ / CPF / NIF', value: documentText(dps.providerCnpj ?? emitter.cnpj) },
      {
        label: 'Indicador Municipal (Inscrição)',
        value: dps.providerMunicipalRegistration ?? NONE,
      },
      { label: 'Telefone', value: phoneText(dps.providerPhone ?? emitter.phone) },
    ],
    [
      { label: 'Nome / Nome Empresarial', value: emitter.name, span: 2 },
      { label: 'Município / Sigla UF', value: place(emitter.municipalityCode) },
      { label: 'Código IBGE / CEP', value: ibgeAndCep(emitter.municipalityCode, emitter.zipCode) },
    ],
    [
      {
        label: 'Endereço',
        value: address([emitter.street, emitter.number, emitter.complement, emitter.neighborhood]),
        span: 2,
      },
      { label: 'E-mail', value: emitter.email ?? NONE, span: 2 },
    ],
    [
      {
        label: 'Simples Nacional na Data de Competência',
        value: label(regimeLabels, dps.opSimpNac),
        span: 2,
      },
      {
        label: 'Regime de Apuração Tributária pelo SN',
        value: label(simplesRegimeLabels, dps.regApTribSN),
        span: 2,
      },
    ],
  ])

  const party = (title: string, person: PersonFacts | null, sentence: string) => {
    if (!person) return absent(sentence)
    block(title, [
      [
        { label: 'CNPJ / CPF / NIF', value: documentText(person.document) },
        { label: 'Indicador Municipal (Inscrição)', value: person.municipalRegistration ?? NONE },
        { label: 'Telefone', value: phoneText(person.phone) },
      ],
      [
        { label: 'Nome / Nome Empresarial', value: person.name ?? NONE, span: 2 },
        {
          label: 'Município / Sigla UF',
          value: person.municipalityCode ? place(person.municipalityCode) : NONE,
        },
        { label: 'Código IBGE / CEP', value: ibgeAndCep(person.municipalityCode, person.zipCode) },
      ],
      [
        {
          label: 'Endereço',
          value: address([person.street, person.number, person.complement, person.neighborhood]),
          span: 2,
        },
        { label: 'E-mail', value: person.email ?? NONE, span: 2 },
      ],
    ])
  }
  party(
    'TOMADOR / ADQUIRENTE',
    dps.taker,
    'TOMADOR/ADQUIRENTE DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e',
  )
  party(
    'DESTINATÁRIO DA OPERAÇÃO',
    dps.recipient,
    'DESTINATÁRIO DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e',
  )
  party(
    'INTERMEDIÁRIO DA OPERAÇÃO',
    dps.intermediary,
    'INTERMEDIÁRIO DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e',
  )

  // ---- service (item 2.1.7) ----
  const nationalCode = dps.taxationCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1.$2.$3')
  const servicePlace = dps.servicePlaceCountry
    ? `${nfse.servicePlace || NONE} / ${dps.servicePlaceCountry}`
    : dps.servicePlace
      ? `${place(dps.servicePlace)} / BR`
      : nfse.servicePlace || NONE
  block('SERVIÇO PRESTADO', [
    [
      {
        label: 'Código de Tributação Nacional / Municipal',
        value: dps.municipalTaxationCode
          ? `${nationalCode} / ${dps.municipalTaxationCode}`
          : nationalCode,
      },
      { label: 'Código da NBS', value: dps.nbsCode ?? NONE },
      { label: 'Local da Prestação / Sigla UF / País', value: servicePlace },
    ],
    // The code's description has no label (item 2.4.5): the municipal one when there is one.
    [
      {
        label: '',
        value: nfse.municipalTaxationDescription || nfse.taxationDescription,
        span: 4,
        lines: 2,
      },
    ],
    [{ label: 'Descrição do Serviço', value: dps.serviceDescription, span: 4, lines: 12 }],
  ])

  // ---- municipal taxation (item 2.1.8) ----
  const values = nfse.values
  if (dps.issTaxation === '4')
    absent('TRIBUTAÇÃO MUNICIPAL (ISSQN) - OPERAÇÃO NÃO SUJEITA AO ISSQN')
  else {
    const incidence = nfse.incidenceMunicipality
      ? `${place(nfse.incidenceMunicipality)} / BR`
      : dps.resultCountry
        ? dps.resultCountry
        : NONE
    const benefitRow: Cell[] = [
      {
        label: 'Benefício Municipal',
        value: values.benefitType
          ? label(benefitLabels, values.benefitType)
          : (dps.municipalBenefit ?? NONE),
      },
      { label: 'Cálculo do BM', value: moneyOrNone(values.benefitAmount) },
      { label: 'Total Deduções/Reduções', value: moneyOrNone(values.deductions ?? dps.deductions) },
      { label: 'Desconto Incondicionado', value: moneyOrNone(dps.discounts.unconditional) },
    ]
    // A row whose fields the XML has none of may be left out (item 2.4.5, note 5).
    const benefitPresent =
      values.benefitType ??
      dps.municipalBenefit ??
      values.benefitAmount ??
      values.deductions ??
      dps.deductions ??
      dps.discounts.unconditional
    block('TRIBUTAÇÃO MUNICIPAL (ISSQN)', [
      [
        { label: 'Tipo de Tributação do ISSQN', value: label(issTaxationLabels, dps.issTaxation) },
        {
          label: 'Município / Sigla UF / País de Incidência do ISSQN',
          value: incidence,
          span: 2,
        },
      ],
      [
        {
          label: 'Regime Especial de Tributação do ISSQN',
          value: label(specialRegimeLabels, dps.specialRegime),
        },
        { label: 'Tipo de Imunidade do ISSQN', value: label(immunityLabels, dps.immunityType) },
        {
          label: 'Suspensão da Exigibilidade do ISSQN',
          value: label(suspensionLabels, dps.suspension?.type ?? null),
        },
        { label: 'Número Processo Suspensão', value: dps.suspension?.process ?? NONE },
      ],
      ...(benefitPresent ? [benefitRow] : []),
      [
        { label: 'BC ISSQN', value: moneyOrNone(values.base) },
        { label: 'Alíquota Aplicada', value: percent(values.rate) },
        { label: 'Retenção do ISSQN', value: label(retentionLabels, dps.issRetention) },
        { label: 'ISSQN Apurado', value: moneyOrNone(values.iss) },
      ],
    ])
  }

  // ---- federal taxation (item 2.1.9); its second row up to the competences of 2026 (note 6) ----
  const federal = dps.federal
  block('TRIBUTAÇÃO FEDERAL (EXCETO CBS)', [
    [
      { label: 'IRRF', value: moneyOrNone(federal.irrf) },
      { label: 'Contribuição Previdenciária – Retida', value: moneyOrNone(federal.socialSecurity) },
      { label: 'Contribuições Sociais – Retidas', value: moneyOrNone(federal.csll) },
    ],
    ...(dps.competence <= '2026-12-31'
      ? [
          [
            { label: 'PIS – Débito Apuração Própria', value: moneyOrNone(federal.pis) },
            { label: 'COFINS – Débito Apuração Própria', value: moneyOrNone(federal.cofins) },
            {
              label: 'Descrição das Contribuições Sociais – Retidas',
              value: label(pisCofinsRetentionLabels, federal.pisCofinsRetention),
              span: 2,
            },
          ],
        ]
      : []),
  ])

  // ---- IBS/CBS (item 2.1.10), when the NFS-e carries them; the rows and labels of item 2.4.5 ----
  const ibsCbs = nfse.ibsCbs
  if (ibsCbs) {
    const rates = (...values: (string | null)[]) =>
      values.map((value) => (value === null ? NONE : percent(value))).join(' / ')
    block('TRIBUTAÇÃO IBS / CBS', [
      [
        {
          label: 'CST / cClassTrib',
          value: `${ibsCbs.situation || NONE} / ${ibsCbs.classification || NONE}`,
        },
        {
          label: 'Indicador de Operação / Código IBGE Incidência / Município Incidência / Sigla UF',
          value: `${ibsCbs.operationIndicator || NONE} / ${ibsCbs.incidenceMunicipality} / ${place(ibsCbs.incidenceMunicipality)}`,
          span: 2,
        },
      ],
      [
        {
          // The sum of its note: unconditional discount, refunds, ISSQN, PIS and COFINS.
          label: 'Exclusões e Reduções da Base de Cálculo',
          value: moneyOrNone(
            sumOf([
              dps.discounts.unconditional,
              ibsCbs.refunds,
              values.iss,
              federal.pis,
              federal.cofins,
            ]),
          ),
        },
        { label: 'Base de Cálculo Após Exclusões e Reduções', value: money(ibsCbs.base) },
        {
          label: 'Red. Alíquota IBS / Red. Alíquota CBS',
          value: rates(ibsCbs.state.reduction, ibsCbs.municipal.reduction, ibsCbs.cbs.reduction),
        },
        {
          label: 'Alíquota – IBS UF / IBS Mun',
          value: rates(ibsCbs.state.rate, ibsCbs.municipal.rate),
        },
      ],
      [
        { label: 'Alíq. Efetiva Municipal – IBS', value: percent(ibsCbs.municipal.effectiveRate) },
        { label: 'Valor Apurado Municipal – IBS', value: money(ibsCbs.municipal.amount) },
        { label: 'Alíq. Efetiva Estadual – IBS', value: percent(ibsCbs.state.effectiveRate) },
        { label: 'Valor Apurado Estadual – IBS', value: money(ibsCbs.state.amount) },
      ],
      [
        { label: 'Valor Total Apurado – IBS', value: money(ibsCbs.ibsTotal) },
        { label: 'Alíquota – CBS', value: percent(ibsCbs.cbs.rate) },
        { label: 'Alíquota Efetiva – CBS', value: percent(ibsCbs.cbs.effectiveRate) },
        { label: 'Valor Total Apurado – CBS', value: money(ibsCbs.cbs.amount) },
      ],
    ])
  }

  // ---- total value (item 2.1.11) ----
  block('VALOR TOTAL DA NFS-E', [
    [
      { label: 'Valor da Operação / Serviço', value: money(dps.serviceValue) },
      { label: 'Desconto Incondicionado', value: moneyOrNone(dps.discounts.unconditional) },
      { label: 'Desconto Condicionado', value: moneyOrNone(dps.discounts.conditional) },
    ],
    [
      { label: 'Total das Retenções (ISSQN / Federais)', value: moneyOrNone(values.totalWithheld) },
      { label: 'Valor Líquido da NFS-e', value: money(values.net) },
      {
        label: 'Total do IBS/CBS',
        value: ibsCbs ? money(sumOf([ibsCbs.ibsTotal, ibsCbs.cbs.amount])!) : NONE,
      },
      {
        label: 'Valor Líquido da NFS-e + IBS/CBS',
        value: ibsCbs ? money(ibsCbs.totalWithIbsCbs) : NONE,
        shaded: true,
      },
    ],
  ])

  // ---- complementary information (item 2.1.12, notes 7 and 10), separated by pipes ----
  const taxes = dps.approximateTaxes
  const approximate = taxes.amounts
    ? `Federais: ${money(taxes.amounts.federal)} ; Estaduais: ${money(taxes.amounts.state)} ; Municipais: ${money(taxes.amounts.municipal)}`
    : taxes.rates
      ? `Federais: ${percent(taxes.rates.federal)} ; Estaduais: ${percent(taxes.rates.state)} ; Municipais: ${percent(taxes.rates.municipal)}`
      : dps.simplesRate
        ? `Simples Nacional: ${percent(dps.simplesRate)}`
        : 'não informados'
  const complementary = [
    ...(dps.complementaryInfo ? [`Inf. Cont.: ${dps.complementaryInfo}`] : []),
    ...(dps.substitution ? [`NFS-e Subst.: ${dps.substitution.accessKey}`] : []),
    ...(input.cancellation
      ? [
          `NFS-e CANCELADA em ${when(input.cancellation.at)} - ${input.cancellation.codeLabel}: ${input.cancellation.reason}`,
        ]
      : []),
  ]
  fullWidthTitle('INFORMAÇÕES COMPLEMENTARES')
  const notes = lines(complementary.join(' | '), regular, 7, INNER - PAD * 2, 8)
  const fixed = lines(
    `Totais Aproximados dos Tributos cfe. Lei nº 12.741/2012: ${approximate}`,
    regular,
    7,
    INNER - PAD * 2,
    2,
  )
  const written = [...(complementary.length ? notes : []), ...fixed]
  written.forEach((line, index) => text(line, MARGIN + PAD, y - 9 - index * 8, 7))
  y -= 6 + written.length * 8 + 4

  // The page's border, 1 point (item 2.2.3), around everything drawn.
  page.drawRectangle({
    x: MARGIN,
    y,
    width: INNER,
    height: top - y,
    borderColor: RULE,
    borderWidth: 1,
  })

  // The watermark of items 2.5.1 and 2.5.2: diagonal, normal weight, at least 50 points, grey
  // K35; Helvetica is the standard fonts' Arial. Centred on the page, sized to stay inside it.
  const mark = input.cancellation ? 'CANCELADA' : input.substituted ? 'SUBSTITUÍDA' : null
  if (mark) {
    const angle = (35 * Math.PI) / 180
    const size = Math.min(
      84,
      (WIDTH - 4 * MARGIN) / Math.cos(angle) / regular.widthOfTextAtSize(mark, 1),
    )
    const width = regular.widthOfTextAtSize(mark, size)
    const height = regular.heightAtSize(size, { descender: false })
    page.drawText(mark, {
      x: WIDTH / 2 - (width / 2) * Math.cos(angle) + (height / 2) * Math.sin(angle),
      y: HEIGHT / 2 - (width / 2) * Math.sin(angle) - (height / 2) * Math.cos(angle),
      size,
      font: regular,
      color: WATERMARK,
      opacity: 0.5,
      rotate: degrees(35),
    })
  }
  return pdf.save()
}
