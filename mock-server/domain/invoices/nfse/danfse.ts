import { formatCep, formatCnpj, formatCpf } from '@brazilian-utils/brazilian-utils'
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import {
  issTaxationCodes,
  issTaxationLabels,
  type IssTaxation,
} from '../../../../src/schemas/invoice'
import type { NfseFacts, PersonFacts } from './reader'

// The DANFSe (Documento Auxiliar da NFS-e), the PDF of an NFS-e, with the content of the national
// model (DANFSe v1.0): the key, numbers and dates of the NFS-e and its DPS with a QR code of the
// consultation link; the provider; the taker; the service (national code and its description,
// the place, the text); the municipal taxation (ISS, its retention); the values; the approximate
// taxes. Drawn with pdf-lib's standard fonts, so its text is text (a reader extracts the key and
// the values). A homologation NFS-e says it has no fiscal value; a cancelled one says so.

export type DanfseInput = {
  nfse: NfseFacts
  /** Municipality names by IBGE code ("São Paulo/SP"). */
  municipalityName: (code: string | null) => string
  /** The national public consultation link of the key. */
  consultationUrl: string
  cancellation: { at: string; reason: string; codeLabel: string } | null
}

const WIDTH = 595.28
const HEIGHT = 841.89
const MARGIN = 28
const INK = rgb(0.1, 0.1, 0.1)
const MUTED = rgb(0.38, 0.38, 0.38)
const RULE = rgb(0.7, 0.7, 0.7)
const BAND = rgb(0.91, 0.91, 0.91)

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const when = (iso: string) => (iso ? dateTime.format(new Date(iso)).replace(',', '') : '—')
const day = (date: string) =>
  date ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}` : '—'

/** "1850.50" → "R$ 1.850,50". */
export function money(value: string) {
  const [units = '0', cents = '00'] = value.split('.')
  return `R$ ${units.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents.padEnd(2, '0')}`
}

const documentText = (value: string | null) =>
  !value ? '—' : value.length === 11 ? formatCpf(value) : formatCnpj(value)

const regimeLabels: Record<string, string> = {
  '1': 'Não optante',
  '2': 'Optante — Microempreendedor Individual (MEI)',
  '3': 'Optante — Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
}
const simplesRegimeLabels: Record<string, string> = {
  '1': 'Tributos federais e municipal pelo Simples Nacional',
  '2': 'Tributos federais pelo SN e ISSQN por fora',
  '3': 'Tributos federais e municipal por fora do SN',
}
const issTaxationByCode = Object.fromEntries(
  (Object.entries(issTaxationCodes) as [IssTaxation, string][]).map(([meaning, code]) => [
    code,
    issTaxationLabels[meaning],
  ]),
)
const retentionLabels: Record<string, string> = {
  '1': 'Não retido',
  '2': 'Retido pelo tomador',
  '3': 'Retido pelo intermediário',
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

type Cell = { label: string; value: string; span?: number }

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
  const lines = (value: string, font: PDFFont, size: number, width: number) => {
    const out: string[] = []
    for (const paragraph of value.split(/\r?\n/)) {
      let line = ''
      for (const word of clean(paragraph).split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word
        if (line && font.widthOfTextAtSize(next, size) > width) {
          out.push(line)
          line = word
        } else line = next
      }
      out.push(line)
    }
    return out
  }

  const page: PDFPage = pdf.addPage([WIDTH, HEIGHT])
  let y = HEIGHT - MARGIN
  const inner = WIDTH - MARGIN * 2
  const text = (value: string, x: number, at: number, size: number, font = regular, color = INK) =>
    page.drawText(clean(value), { x, y: at, size, font, color })

  // ---- header: title, the key, numbers and dates, the QR code ----
  const qrSize = 92
  const headerHeight = 150
  page.drawRectangle({
    x: MARGIN,
    y: y - headerHeight,
    width: inner,
    height: headerHeight,
    borderColor: RULE,
    borderWidth: 0.8,
  })
  text('DANFSe v1.0', MARGIN + 8, y - 18, 14, bold)
  text('Documento Auxiliar da NFS-e', MARGIN + 8, y - 30, 8.5, regular, MUTED)
  text('NFS-e — Nota Fiscal de Serviço eletrônica', MARGIN + 160, y - 18, 11, bold)
  text('Sistema Nacional NFS-e', MARGIN + 160, y - 30, 8.5, regular, MUTED)

  const qr = QRCode.create(input.consultationUrl, { errorCorrectionLevel: 'M' })
  const modules = qr.modules.size
  const unit = qrSize / (modules + 2)
  const qrX = WIDTH - MARGIN - qrSize - 6
  const qrTop = y - 6
  page.drawSvgPath(qrPath(qr.modules), { x: qrX, y: qrTop, scale: unit, color: rgb(0, 0, 0) })
  const verify = lines(
    'A autenticidade desta NFS-e pode ser verificada pela leitura deste código QR ou pela consulta da chave de acesso no portal nacional da NFS-e.',
    regular,
    6,
    qrSize + 6,
  )
  verify.forEach((line, index) =>
    text(line, qrX - 3, qrTop - qrSize - 8 - index * 7, 6, regular, MUTED),
  )

  text('Chave de Acesso da NFS-e', MARGIN + 8, y - 50, 6.5, regular, MUTED)
  text(nfse.accessKey, MARGIN + 8, y - 62, 10, bold)
  const headerCells: Cell[][] = [
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
  ]
  const headerWidth = qrX - MARGIN - 20
  headerCells.forEach((row, r) =>
    row.forEach((cell, c) => {
      const x = MARGIN + 8 + (headerWidth / 3) * c
      text(cell.label, x, y - 84 - r * 28, 6.5, regular, MUTED)
      text(cell.value, x, y - 95 - r * 28, 9, bold)
    }),
  )
  y -= headerHeight + 6

  if (dps.environment === '2') {
    page.drawRectangle({ x: MARGIN, y: y - 16, width: inner, height: 16, color: BAND })
    text('AMBIENTE DE HOMOLOGAÇÃO — NFS-e SEM VALOR FISCAL', MARGIN + 8, y - 11.5, 8.5, bold)
    y -= 22
  }

  // ---- sections: a title band, then rows of labelled cells ----
  const section = (title: string, rows: Cell[][]) => {
    page.drawRectangle({ x: MARGIN, y: y - 13, width: inner, height: 13, color: BAND })
    text(title, MARGIN + 6, y - 9.5, 7.5, bold)
    y -= 17
    for (const row of rows) {
      const spans = row.reduce((sum, cell) => sum + (cell.span ?? 1), 0)
      let x = MARGIN + 6
      let tallest = 0
      for (const cell of row) {
        const width = ((inner - 12) / spans) * (cell.span ?? 1) - 8
        const wrapped = lines(cell.value || '—', regular, 8.5, width)
        text(cell.label, x, y - 7, 6.5, regular, MUTED)
        wrapped.forEach((line, index) => text(line, x, y - 17 - index * 10, 8.5))
        tallest = Math.max(tallest, 12 + wrapped.length * 10)
        x += width + 8
      }
      y -= tallest + 4
    }
    page.drawLine({
      start: { x: MARGIN, y: y + 2 },
      end: { x: WIDTH - MARGIN, y: y + 2 },
      thickness: 0.5,
      color: RULE,
    })
    y -= 4
  }

  const emitter = nfse.emitter
  section('EMITENTE DA NFS-e — Prestador do Serviço', [
    [
      { label: 'CNPJ / CPF / NIF', value: documentText(emitter.cnpj) },
      { label: 'Nome / Nome Empresarial', value: emitter.name, span: 2 },
    ],
    [
      {
        label: 'Endereço',
        value: `${emitter.street}, ${emitter.number}${emitter.complement ? `, ${emitter.complement}` : ''}, ${emitter.neighborhood}`,
        span: 2,
      },
      { label: 'Município', value: municipalityName(emitter.municipalityCode) },
    ],
    [
      { label: 'CEP', value: formatCep(emitter.zipCode) },
      {
        label: 'Simples Nacional na data de competência',
        value: regimeLabels[dps.opSimpNac] ?? dps.opSimpNac,
      },
      {
        label: 'Regime de apuração tributária pelo SN',
        value: dps.regApTribSN ? (simplesRegimeLabels[dps.regApTribSN] ?? dps.regApTribSN) : '—',
      },
    ],
  ])

  section('TOMADOR DO SERVIÇO', taker(dps.taker, municipalityName))
  section('INTERMEDIÁRIO DO SERVIÇO', [
    [{ label: 'Intermediário', value: 'NÃO IDENTIFICADO NA NFS-e', span: 3 }],
  ])
  section('SERVIÇO PRESTADO', [
    [
      {
        label: 'Código de Tributação Nacional',
        value: `${dps.taxationCode} — ${nfse.taxationDescription}`,
        span: 2,
      },
      {
        label: 'Local da Prestação',
        value: nfse.servicePlace || municipalityName(dps.servicePlace),
      },
    ],
    [{ label: 'Descrição do Serviço', value: dps.serviceDescription, span: 3 }],
  ])
  section('TRIBUTAÇÃO MUNICIPAL', [
    [
      {
        label: 'Tributação do ISSQN',
        value: issTaxationByCode[dps.issTaxation] ?? dps.issTaxation,
      },
      { label: 'Município de Incidência do ISSQN', value: municipalityName(dps.servicePlace) },
      { label: 'Retenção do ISSQN', value: retentionLabels[dps.issRetention] ?? dps.issRetention },
    ],
    [
      { label: 'Valor do Serviço', value: money(dps.serviceValue) },
      { label: 'Regime Especial de Tributação', value: 'Nenhum' },
      {
        label: 'ISSQN',
        value:
          dps.opSimpNac === '1'
            ? 'Apurado pelo município de incidência'
            : 'Recolhido no documento de arrecadação do Simples Nacional (DAS)',
      },
    ],
  ])
  section('VALOR TOTAL DA NFS-e', [
    [
      { label: 'Valor do Serviço', value: money(dps.serviceValue) },
      { label: 'Descontos e Deduções', value: money('0.00') },
      { label: 'Valor Líquido da NFS-e', value: money(nfse.netValue) },
    ],
  ])
  section('TOTAIS APROXIMADOS DOS TRIBUTOS', [
    [
      {
        label: 'Lei 12.741/2012',
        value: dps.simplesRate
          ? `${dps.simplesRate.replace('.', ',')}% (alíquota aproximada do Simples Nacional)`
          : 'Não informado (Decreto 8.264/2014)',
        span: 3,
      },
    ],
  ])
  const notes = [
    `NFS-e gerada pela Sefin Nacional a partir da DPS ${dps.id}.`,
    ...(input.cancellation
      ? [
          `NFS-e CANCELADA em ${when(input.cancellation.at)} — ${input.cancellation.codeLabel}: ${input.cancellation.reason}`,
        ]
      : []),
  ]
  section('INFORMAÇÕES COMPLEMENTARES', [
    [{ label: 'Observações', value: notes.join('\n'), span: 3 }],
  ])

  if (input.cancellation) {
    page.drawText('CANCELADA', {
      x: 140,
      y: 300,
      size: 84,
      font: bold,
      color: rgb(0.8, 0.1, 0.1),
      opacity: 0.25,
      rotate: degrees(35),
    })
  }
  return pdf.save()
}

function taker(
  person: PersonFacts | null,
  municipalityName: (code: string | null) => string,
): Cell[][] {
  if (!person) return [[{ label: 'Tomador', value: 'NÃO IDENTIFICADO NA NFS-e', span: 3 }]]
  const address = person.street
    ? `${person.street}, ${person.number ?? 's/n'}${person.complement ? `, ${person.complement}` : ''}, ${person.neighborhood ?? ''}`
    : '—'
  return [
    [
      { label: 'CNPJ / CPF / NIF', value: documentText(person.document) },
      { label: 'Nome / Nome Empresarial', value: person.name ?? '—', span: 2 },
    ],
    [
      { label: 'Endereço', value: address, span: 2 },
      {
        label: 'Município',
        value: person.municipalityCode ? municipalityName(person.municipalityCode) : '—',
      },
    ],
    [
      { label: 'CEP', value: person.zipCode ? formatCep(person.zipCode) : '—' },
      { label: 'E-mail', value: person.email ?? '—', span: 2 },
    ],
  ]
}
