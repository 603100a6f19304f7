// Writing the national NFS-e XML documents: compact (no whitespace between elements, as the
// national system asks: the signature covers every character), UTF-8, text and attributes escaped.

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse'
/** The layout version of every document (`versao`, `TVerNFSe`). */
export const LAYOUT_VERSION = '1.01'
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** `verAplic`: the application that made the DPS (`TSVerAplic`, up to 20 characters). */
export const APP_VERSION = 'Contabil 1.0'

/** `tpAmb`: 2, homologation — nothing issued here is a real invoice. */
export const ENVIRONMENT = '2'

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
}

/** Text or an attribute value escaped for XML (a carriage return kept as a character reference). */
export const escapeXml = (text: string) => text.replace(/[&<>"'\r]/g, (c) => escapes[c]!)

/** A child: an element's XML, or nothing (an optional element left out). */
export type Child = string | null | undefined | false

/** `<name attr="…">children</name>`; children that are nothing are left out. */
export function element(
  name: string,
  attributes: Record<string, string | undefined>,
  ...children: Child[]
): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value!)}"`)
    .join('')
  return `<${name}${attrs}>${children.filter(Boolean).join('')}</${name}>`
}

/** `<name>text</name>` with the text escaped; nothing for a null value. */
export const leaf = (name: string, value: string | number | null | undefined): string | null =>
  value === null || value === undefined ? null : `<${name}>${escapeXml(String(value))}</${name}>`

/** A money value as the layout writes it (`TSDec15V2`): reais with two decimals, `1850.50`. */
export const decimal2 = (value: number) => (Math.round(value * 100) / 100).toFixed(2)

const brazilParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
})

/**
 * An instant as `TSDateTimeUTC` writes it: São Paulo's wall time with its offset,
 * `2026-05-20T10:15:00-03:00` (the national layout takes the issuer's local time and offset).
 */
export function brazilDateTime(instant: Date): string {
  const parts = Object.fromEntries(brazilParts.formatToParts(instant).map((p) => [p.type, p.value]))
  // `GMT-03:00`; a whole-hour offset as the layout's pattern asks.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.slice(3)
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`
}
