import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Model } from '../model'
import { DataFileError } from './data-file-error'

// Data folders from before the SQLite store kept the state in `db.json` (a snapshot) and
// `db.json.wal` (changes since). A snapshot whose log holds no change (the server stopped
// cleanly, or nothing was written since the last snapshot) is imported on start; a log with
// changes is refused: only the old server could replay it.

const SNAPSHOT = 'db.json'
const LOG = 'db.json.wal'
/** What the old store kept beside the collections in the snapshot. */
const SNAPSHOT_META = '_store'

export class LegacyDataError extends DataFileError {}

/** The collections of an old data folder, or undefined when it has none. */
export function readLegacyData(dir: string): Partial<Model> | undefined {
  const snapshot = path.join(dir, SNAPSHOT)
  if (!existsSync(snapshot)) return undefined
  const log = path.join(dir, LOG)
  // The first line of the log names the snapshot it continues; any line after it is a change.
  const changes = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .slice(1)
        .filter((line) => line.trim()).length
    : 0
  const refuse = (why: string) =>
    new LegacyDataError(
      `A pasta de dados ${dir} é de uma versão anterior do servidor simulado (${why}). ` +
        'Rode `npm run db:reset` para voltar aos dados de demonstração e inicie de novo.',
    )
  if (changes > 0) throw refuse(`${LOG} tem ${changes} alteração(ões) que esta versão não lê`)
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(snapshot, 'utf8'))
  } catch {
    throw refuse(`${SNAPSHOT} não é um JSON válido`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw refuse(`${SNAPSHOT} não tem as coleções esperadas`)
  const { [SNAPSHOT_META]: _meta, ...collections } = parsed as Record<string, unknown>
  for (const [name, value] of Object.entries(collections))
    if (!Array.isArray(value)) throw refuse(`${SNAPSHOT}: ${name} não é uma lista`)
  return collections as Partial<Model>
}

/** After the import: the old files are kept aside (`db.json.migrated`), the log removed. */
export function retireLegacyData(dir: string) {
  renameSync(path.join(dir, SNAPSHOT), path.join(dir, `${SNAPSHOT}.migrated`))
  rmSync(path.join(dir, LOG), { force: true })
}
