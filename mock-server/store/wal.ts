import { randomUUID } from 'node:crypto'
import {
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  promises as fs,
  readFileSync,
} from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { crc32 } from 'node:zlib'
import { writeFileAtomic, writeFileAtomicSync } from './atomic-file'
import { recordId } from './tracker'

/**
 * The write-ahead log: one line per group commit, appended and fdatasynced before the commit's
 * callers are answered. A line is `<crc32 hex> <json>`; the first line names the generation of the
 * snapshot (`db.json`) the log continues. A torn last line (a crash mid-append) fails its checksum
 * and is dropped on replay: it was never acknowledged.
 *
 * Entries carry state, not deltas, so replaying one twice gives the same result:
 * - `["u", collection, record]` upsert by id (replace in place, or append);
 * - `["d", collection, id]` delete by id;
 * - `["o", collection, ids]` the collection's order;
 * - `["c", collection, value]` the whole value of a top-level key; `["x", collection]` removes it.
 */

export type Op =
  | ['u', string, Record<string, unknown>]
  | ['d', string, string | number]
  | ['o', string, Array<string | number>]
  | ['c', string, unknown]
  | ['x', string]

export type WalEntry = { s: number; o: Op[] }
export type SnapshotMeta = { generation: string; seq: number }
export const META_KEY = '_store'

const frame = (json: string) => `${crc32(json).toString(16).padStart(8, '0')} ${json}\n`

function unframe(line: string): unknown {
  const space = line.indexOf(' ')
  if (space !== 8) return undefined
  const json = line.slice(9)
  if (crc32(json).toString(16).padStart(8, '0') !== line.slice(0, 8)) return undefined
  try {
    return JSON.parse(json)
  } catch {
    return undefined
  }
}

/** Reads a log: its generation and its whole entries; `validBytes` ends the last whole line. */
export function readWal(
  file: string,
): { generation: string; entries: WalEntry[]; validBytes: number } | undefined {
  if (!existsSync(file)) return undefined
  const buffer = readFileSync(file)
  let offset = 0
  let generation: string | undefined
  const entries: WalEntry[] = []
  while (offset < buffer.length) {
    const end = buffer.indexOf(10, offset)
    if (end < 0) break // torn: no newline
    const parsed = unframe(buffer.toString('utf8', offset, end))
    if (parsed === undefined) break // torn or corrupt: nothing after it counts
    if (generation === undefined) {
      const header = parsed as { generation?: unknown }
      if (typeof header.generation !== 'string') break
      generation = header.generation
    } else entries.push(parsed as WalEntry)
    offset = end + 1
  }
  if (generation === undefined) return undefined
  return { generation, entries, validBytes: offset }
}

/** Applies log entries to a raw state (startup replay). */
export function replay(root: Record<string, unknown>, entries: WalEntry[]) {
  const positions = new Map<string, Map<string | number, number>>()
  const positionsOf = (collection: string, list: unknown[]) => {
    let map = positions.get(collection)
    if (!map) {
      map = new Map()
      list.forEach((record, index) => {
        const id = recordId(record)
        if (id !== undefined) map!.set(id, index)
      })
      positions.set(collection, map)
    }
    return map
  }
  const listOf = (collection: string): unknown[] => {
    const value = root[collection]
    if (Array.isArray(value)) return value
    const list: unknown[] = []
    root[collection] = list
    positions.delete(collection)
    return list
  }
  for (const entry of entries) {
    for (const op of entry.o) {
      const collection = op[1]
      switch (op[0]) {
        case 'u': {
          const list = listOf(collection)
          const map = positionsOf(collection, list)
          const id = recordId(op[2])
          if (id === undefined) break
          const at = map.get(id)
          if (at === undefined) {
            map.set(id, list.length)
            list.push(op[2])
          } else list[at] = op[2]
          break
        }
        case 'd': {
          const list = listOf(collection)
          const at = positionsOf(collection, list).get(op[2])
          if (at !== undefined) {
            list.splice(at, 1)
            positions.delete(collection)
          }
          break
        }
        case 'o': {
          const list = listOf(collection)
          const byId = new Map<string | number, unknown>()
          for (const record of list) {
            const id = recordId(record)
            if (id !== undefined) byId.set(id, record)
          }
          const ordered: unknown[] = []
          for (const id of op[2]) {
            const record = byId.get(id)
            if (record !== undefined) {
              ordered.push(record)
              byId.delete(id)
            }
          }
          ordered.push(...byId.values())
          root[collection] = ordered
          positions.delete(collection)
          break
        }
        case 'c':
          root[collection] = op[2]
          positions.delete(collection)
          break
        case 'x':
          delete root[collection]
          positions.delete(collection)
          break
      }
    }
  }
}

/** Serialises a state with its snapshot meta, as `db.json` holds it. */
export const serializeSnapshot = (root: Record<string, unknown>, meta: SnapshotMeta) =>
  JSON.stringify({ ...root, [META_KEY]: meta })

/** Splits a parsed `db.json` into its state and meta (absent in files from older versions). */
export function parseSnapshot(text: string): {
  root: Record<string, unknown>
  meta: SnapshotMeta | undefined
} {
  const parsed = JSON.parse(text) as Record<string, unknown>
  const meta = parsed[META_KEY] as SnapshotMeta | undefined
  delete parsed[META_KEY]
  const valid =
    meta && typeof meta.generation === 'string' && typeof meta.seq === 'number' ? meta : undefined
  return { root: parsed, meta: valid }
}

export const newGeneration = () => randomUUID()

/** The open log file of a running store. */
export class WalWriter {
  private handle: FileHandle | undefined
  private bytes = 0
  constructor(readonly file: string) {}

  get size() {
    return this.bytes
  }

  /** Continues an existing log, cutting a torn tail first. */
  async openExisting(validBytes: number) {
    const fd = openSync(this.file, 'r+')
    try {
      ftruncateSync(fd, validBytes)
    } finally {
      closeSync(fd)
    }
    this.handle = await fs.open(this.file, 'a')
    this.bytes = validBytes
  }

  /** Starts a fresh log for a snapshot generation (after the snapshot is durable). */
  async start(generation: string) {
    await this.handle?.close()
    this.handle = undefined
    const header = frame(JSON.stringify({ generation }))
    await writeFileAtomic(this.file, header)
    this.handle = await fs.open(this.file, 'a')
    this.bytes = Buffer.byteLength(header)
  }

  /** The same, synchronously (startup). */
  startSync(generation: string) {
    const header = frame(JSON.stringify({ generation }))
    writeFileAtomicSync(this.file, header)
    this.bytes = Buffer.byteLength(header)
  }

  async ensureOpen() {
    this.handle ??= await fs.open(this.file, 'a')
  }

  /** Appends one entry and makes it durable. */
  async append(seq: number, ops: string[]) {
    await this.ensureOpen()
    const line = frame(`{"s":${seq},"o":[${ops.join(',')}]}`)
    const buffer = Buffer.from(line, 'utf8')
    let written = 0
    while (written < buffer.length) {
      const { bytesWritten } = await this.handle!.write(buffer, written)
      written += bytesWritten
    }
    await this.handle!.datasync()
    this.bytes += buffer.length
  }

  async close() {
    await this.handle?.close()
    this.handle = undefined
  }
}
