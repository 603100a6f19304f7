import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import path from 'node:path'
import type { CollectionName, Model } from '../model'
import { DataFileError } from './data-file-error'
import { collectionNames, layouts } from './layout'
import { recordSchemas } from './record-schemas'

// Data folders from before the SQLite store kept the state in `db.json` (a snapshot) and
// `db.json.wal` (changes since). A snapshot whose log holds no change (the server stopped
// cleanly, or nothing was written since the last snapshot) is imported on start; a log with
// changes is refused: only the old server could replay it. Whatever is wrong with the old files
// (a log that is not the old store's, one with changes, a snapshot too big to import, a record
// its collection's schema does not accept, two records with one key) is refused with the one
// message that says what to do, before anything is written; the server stops without a trace.

const SNAPSHOT = 'db.json'
const LOG = 'db.json.wal'
/** What the old store kept beside the collections in the snapshot. */
const SNAPSHOT_META = '_store'
/**
 * The largest snapshot imported: the old store held the whole state in memory, and the demo data
 * with a 50,000-entry bank statement is about 20 MB.
 */
export const MAX_LEGACY_SNAPSHOT_BYTES = 256 * 1024 * 1024
/** How much of the log is read: its first line (the snapshot it continues) and a little more. */
const LOG_HEAD_BYTES = 64 * 1024
/** The old log's first line: a checksum (8 hex digits) and the snapshot's generation (JSON). */
const LOG_HEADER = /^[0-9a-f]{8} (\{.*\})$/

export class LegacyDataError extends DataFileError {}

/** The first `bytes` of a file, and whether that is all of it. */
function headOf(file: string, bytes: number) {
  const size = statSync(file).size
  const buffer = Buffer.alloc(Math.min(size, bytes))
  const fd = openSync(file, 'r')
  try {
    readSync(fd, buffer, 0, buffer.length, 0)
  } finally {
    closeSync(fd)
  }
  return { text: buffer.toString('utf8'), whole: size <= bytes }
}

/** Why the old log cannot be taken (malformed, or holding changes), or null when it holds none. */
function logProblem(log: string): string | null {
  if (!existsSync(log)) return null
  const { text, whole } = headOf(log, LOG_HEAD_BYTES)
  const [header = '', ...rest] = text.split('\n')
  if (header.trim() === '' && rest.every((line) => !line.trim()) && whole) return null
  const named = LOG_HEADER.exec(header.trim())
  let headerJson = false
  try {
    headerJson = named !== null && typeof JSON.parse(named[1]!) === 'object'
  } catch {
    headerJson = false
  }
  if (!headerJson) return `${LOG} não é um registro do servidor simulado`
  const changes = rest.filter((line) => line.trim()).length
  if (!whole) return `${LOG} tem alterações que esta versão não lê`
  if (changes > 0) return `${LOG} tem ${changes} alteração(ões) que esta versão não lê`
  return null
}

/** The collections of an old data folder, checked record by record, or undefined when it has none. */
export function readLegacyData(dir: string): Partial<Model> | undefined {
  const snapshot = path.join(dir, SNAPSHOT)
  if (!existsSync(snapshot)) return undefined
  const refuse = (why: string) =>
    new LegacyDataError(
      `A pasta de dados ${dir} é de uma versão anterior do servidor simulado (${why}). ` +
        'Rode `npm run db:reset` para voltar aos dados de demonstração e inicie de novo.',
    )
  const problem = logProblem(path.join(dir, LOG))
  if (problem) throw refuse(problem)
  const size = statSync(snapshot).size
  if (size > MAX_LEGACY_SNAPSHOT_BYTES)
    throw refuse(
      `${SNAPSHOT} tem ${Math.ceil(size / 1024 / 1024)} MB, mais que os ` +
        `${MAX_LEGACY_SNAPSHOT_BYTES / 1024 / 1024} MB que esta versão importa`,
    )
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(snapshot, 'utf8'))
  } catch {
    throw refuse(`${SNAPSHOT} não é um JSON válido`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw refuse(`${SNAPSHOT} não tem as coleções esperadas`)
  const { [SNAPSHOT_META]: _meta, ...found } = parsed as Record<string, unknown>
  const collections: Partial<Record<CollectionName, unknown[]>> = {}
  for (const [name, value] of Object.entries(found)) {
    if (!Array.isArray(value)) throw refuse(`${SNAPSHOT}: ${name} não é uma lista`)
    // A collection this version does not keep any more is left out.
    if (!(collectionNames as readonly string[]).includes(name)) continue
    collections[name as CollectionName] = checkedRecords(name as CollectionName, value, refuse)
  }
  return collections as Partial<Model>
}

/** A collection's records, each as its schema reads it, keys unique; or the refusal. */
function checkedRecords<K extends CollectionName>(
  name: K,
  records: unknown[],
  refuse: (why: string) => LegacyDataError,
): Model[K] {
  const schema = recordSchemas[name]
  const keyOf = layouts[name].key as (record: unknown) => string
  const keys = new Set<string>()
  return records.map((record, index) => {
    const result = schema.safeParse(record)
    if (!result.success) {
      const issue = result.error.issues[0]
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
      throw refuse(
        `${SNAPSHOT}: o registro ${index + 1} de ${name} não é válido (${where}${issue?.message ?? 'formato'})`,
      )
    }
    const key = keyOf(result.data)
    if (keys.has(key)) throw refuse(`${SNAPSHOT}: ${name} tem dois registros com a chave ${key}`)
    keys.add(key)
    return result.data
  }) as Model[K]
}

/** After the import: the old files are kept aside (`db.json.migrated`), the log removed. */
export function retireLegacyData(dir: string) {
  renameSync(path.join(dir, SNAPSHOT), path.join(dir, `${SNAPSHOT}.migrated`))
  rmSync(path.join(dir, LOG), { force: true })
}
