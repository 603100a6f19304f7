import { promises as fs, readFileSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'

/**
 * Writes `contents` so that `file` is always whole: a temp file is written and fsynced,
 * renamed over the target, and the directory fsynced so the rename itself is durable.
 * A crash at any point leaves either the old file or the new one, never a torn one.
 */
export async function writeFileAtomic(file: string, contents: string): Promise<void> {
  const dir = path.dirname(file)
  await fs.mkdir(dir, { recursive: true })
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`)
  const handle = await fs.open(temp, 'w')
  try {
    await handle.writeFile(contents, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fs.rename(temp, file)
  const dirHandle = await fs.open(dir, 'r')
  try {
    await dirHandle.sync()
  } finally {
    await dirHandle.close()
  }
}

export function readJsonFile<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined
  return JSON.parse(readFileSync(file, 'utf8')) as T
}

export function ensureDir(dir: string) {
  mkdirSync(dir, { recursive: true })
}
