import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  promises as fs,
  renameSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'

const tempName = (file: string) =>
  path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`,
  )

/**
 * Writes `contents` so that `file` is always whole: a temp file is written and fsynced,
 * renamed over the target, and the directory fsynced so the rename itself is durable.
 * A crash at any point leaves either the old file or the new one, never a torn one.
 */
export async function writeFileAtomic(file: string, contents: string): Promise<void> {
  const dir = path.dirname(file)
  await fs.mkdir(dir, { recursive: true })
  const temp = tempName(file)
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

/** `writeFileAtomic`, synchronously (startup only). */
export function writeFileAtomicSync(file: string, contents: string): void {
  const dir = path.dirname(file)
  mkdirSync(dir, { recursive: true })
  const temp = tempName(file)
  const fd = openSync(temp, 'w')
  try {
    const buffer = Buffer.from(contents, 'utf8')
    let written = 0
    while (written < buffer.length) written += writeSync(fd, buffer, written)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
  const dirFd = openSync(dir, 'r')
  try {
    fsyncSync(dirFd)
  } finally {
    closeSync(dirFd)
  }
}

export function ensureDir(dir: string) {
  mkdirSync(dir, { recursive: true })
}
