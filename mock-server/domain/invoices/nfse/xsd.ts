import { readdirSync, readFileSync } from 'node:fs'
import {
  XmlBufferInputProvider,
  XmlDocument,
  xmlRegisterInputProvider,
  XmlValidateError,
  XsdValidator,
  type XmlElement,
} from 'libxml2-wasm'

// The official XSD set of the national NFS-e, layout 1.01 (fixtures/reference/nfse-v1.01, see
// fixtures/reference/SOURCES.md), compiled once per thread with libxml2 (libxml2-wasm: libxml2 in
// WebAssembly, no native build) and kept: validating a document then takes well under a
// millisecond, where parsing the 230 KB set again costs ~150 ms.

const SCHEMA_DIR = new URL('../../../../fixtures/reference/nfse-v1.01/', import.meta.url)
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

/**
 * The published files, with the one change SOURCES.md describes: `TSSerieDPS` (tiposSimples)
 * has the pattern `^0{0,4}\d{1,5}$`, but XML Schema patterns are implicitly anchored and `^`/`$`
 * are literal characters there, so libxml2 would refuse every série. It is read as
 * `0{0,4}\d{1,5}` — here, when the files are loaded; the files stay as published.
 */
export function loadSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of readdirSync(SCHEMA_DIR)) {
    if (!name.endsWith('.xsd')) continue
    let text = readFileSync(new URL(name, SCHEMA_DIR), 'utf8')
    if (name === 'tiposSimples_v1.01.xsd') {
      const published = '<xs:pattern value="^0{0,4}\\d{1,5}$"/>'
      if (!text.includes(published)) throw new Error('TSSerieDPS: the published pattern changed')
      text = text.replace(published, '<xs:pattern value="0{0,4}\\d{1,5}"/>')
    }
    files[name] = text
  }
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
