import { readdirSync, readFileSync } from 'node:fs'
import {
  XmlBufferInputProvider,
  XmlDocument,
  xmlRegisterInputProvider,
  XmlValidateError,
  XsdValidator,
  type XmlElement,
} from 'libxml2-wasm'

// The official XSD set of the national NFS-e, layout 1.01, as in production from 10/08/2026 (NT
// 009, the alphanumeric CNPJ): the schemas of 27/07/2026 (fixtures/reference/nfse-v1.01-20260727,
// see fixtures/reference/SOURCES.md), compiled once per thread with libxml2 (libxml2-wasm: libxml2
// in WebAssembly, no native build) and kept: validating a document then takes well under a
// millisecond, where parsing the 230 KB set again costs ~150 ms.

const SCHEMA_DIR = new URL('../../../fixtures/reference/nfse-v1.01-20260727/', import.meta.url)
/** The official tiposSimples of 09/02/2026 (the 27/07 one is only available edited, below). */
const OFFICIAL_SIMPLE_TYPES = new URL(
  '../../../fixtures/reference/nfse-v1.01/tiposSimples_v1.01.xsd',
  import.meta.url,
)
/** The 27/07/2026 tiposSimples as OpenAC.Net.NFSe.Nacional vendors it, edited by that project. */
const EDITED_SIMPLE_TYPES = 'tiposSimples_v1.01.OPENAC_EDITED_not_official_bytes.xsd'
/**
 * The types NT 009 changed for the alphanumeric CNPJ, taken from the edited 27/07 file (its
 * other changes are the vendoring project's own and are not used): the CNPJ, the DPS and NFS-e
 * Ids and keys, the NF-e key, and the event Ids.
 */
export const NT009_TYPES = [
  'TSCNPJ',
  'TSIdDPS',
  'TSIdNFSe',
  'TSChaveNFSe',
  'TSChaveNFe',
  'TSIdPedRegEvt',
  'TSIdEvento',
  'TSIdNumEvento',
] as const
/** The scheme the schemas are read under, so their includes resolve among themselves. */
const BASE = 'nfse-xsd:/'

/** The root documents the product and the stand-in validate. */
export const schemaFiles = {
  DPS: 'DPS_v1.01.xsd',
  NFSe: 'NFSe_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
} as const
export type SchemaName = keyof typeof schemaFiles

const simpleType = (text: string, name: string) => {
  const match = new RegExp(`<xs:simpleType name="${name}">[\\s\\S]*?</xs:simpleType>`).exec(text)
  if (!match) throw new Error(`tiposSimples: ${name} not found`)
  return match[0]
}

/**
 * The 27/07/2026 set: its nine official files as published, and `tiposSimples_v1.01.xsd` made of
 * the official 09/02/2026 file with the NT 009 types of the 27/07 one (NT009_TYPES), its
 * `TSChaveNFSe` read as its `TSIdNFSe` without "NFS" (below). One more change, when loaded: `TSSerieDPS` has the pattern `^0{0,4}\d{1,5}$`, but XML Schema patterns
 * are implicitly anchored and `^`/`$` are literal characters there, so libxml2 would refuse
 * every série; it is read as `0{0,4}\d{1,5}`. The files stay as published.
 */
export function loadSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of readdirSync(SCHEMA_DIR)) {
    if (!name.endsWith('.xsd') || name === EDITED_SIMPLE_TYPES) continue
    files[name] = readFileSync(new URL(name, SCHEMA_DIR), 'utf8')
  }
  const edited = readFileSync(new URL(EDITED_SIMPLE_TYPES, SCHEMA_DIR), 'utf8').replace(/\r/g, '')
  let simple = readFileSync(OFFICIAL_SIMPLE_TYPES, 'utf8').replace(/\r/g, '')
  for (const name of NT009_TYPES)
    simple = simple.replace(simpleType(simple, name), simpleType(edited, name))
  // The edited file's `TSChaveNFSe`, `[0-9]{6}([0-9A-Z]{14})[0-9]{30}`, puts the CNPJ's window
  // where the NF-e key has it (after cUF and AAMM), three characters before the NFS-e key's CNPJ,
  // so a CNPJ whose 12th character is a letter would fail it while the same key passes its own
  // `TSIdNFSe` ("NFS" + the key). The key is read by the layout of `TSIdNFSe`.
  const keyPattern = '<xs:pattern value="[0-9]{6}([0-9A-Z]{14})[0-9]{30}"/>'
  const idPattern = /<xs:pattern value="NFS([^"]+)"\/>/.exec(simpleType(simple, 'TSIdNFSe'))
  if (!simple.includes(keyPattern) || !idPattern) throw new Error('TSChaveNFSe/TSIdNFSe changed')
  simple = simple.replace(keyPattern, `<xs:pattern value="${idPattern[1]}"/>`)
  const published = '<xs:pattern value="^0{0,4}\\d{1,5}$"/>'
  if (!simple.includes(published)) throw new Error('TSSerieDPS: the published pattern changed')
  files['tiposSimples_v1.01.xsd'] = simple.replace(
    published,
    '<xs:pattern value="0{0,4}\\d{1,5}"/>',
  )
  return files
}

let registered = false
const validators = new Map<SchemaName, XsdValidator>()

function validatorOf(name: SchemaName): XsdValidator {
  let validator = validators.get(name)
  if (validator) return validator
  if (!registered) {
    const encoder = new TextEncoder()
    const buffers = Object.fromEntries(
      Object.entries(loadSchemaFiles()).map(([file, text]) => [BASE + file, encoder.encode(text)]),
    )
    xmlRegisterInputProvider(new XmlBufferInputProvider(buffers))
    registered = true
  }
  const url = BASE + schemaFiles[name]
  const schema = XmlDocument.fromString(loadSchemaFiles()[schemaFiles[name]]!, { url })
  validator = XsdValidator.fromDoc(schema)
  validators.set(name, validator)
  return validator
}

/** Compiles the schemas ahead of the first document (the worker does it when it starts). */
export function warmSchemas(names: SchemaName[] = ['DPS', 'NFSe', 'pedRegEvento']) {
  for (const name of names) validatorOf(name)
}

/** A problem the schema found: the element's path below the root and libxml2's message. */
export type SchemaProblem = { path: string[]; value: string | null; message: string }

/** The element names from the root's child down to an element (`infDPS/toma/xNome`). */
function pathOf(element: XmlElement | null): string[] {
  const names: string[] = []
  for (let node = element; node?.parent; node = node.parent) names.unshift(node.name)
  return names
}

/**
 * Validates a document against one of the official schemas: nothing when it is valid, else each
 * problem with where it is. A document that is not well-formed XML is one problem at its root.
 */
export function validateAgainst(name: SchemaName, xml: string): SchemaProblem[] {
  const validator = validatorOf(name)
  let doc: XmlDocument
  try {
    doc = XmlDocument.fromString(xml)
  } catch (error) {
    return [
      { path: [], value: null, message: `XML mal formado: ${String((error as Error).message)}` },
    ]
  }
  try {
    validator.validate(doc)
    return []
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error
    return error.details.map((detail) => {
      const at = detail.xpath ? (doc.get(detail.xpath) as XmlElement | null) : null
      const value = /The value '([^']*)'/.exec(detail.message)?.[1] ?? null
      return { path: pathOf(at), value, message: detail.message.trim() }
    })
  } finally {
    doc.dispose()
  }
}
