import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

// The data folder holds every account's data, uploaded files, the emulator's account export and
// the link-signing secret: only the person who runs the stack may read it, whoever else uses the
// machine. Folders are 0700 and files 0600; the control socket 0600.

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
/** The file-creation mask that gives new files and folders those modes. */
export const PRIVATE_UMASK = 0o077

/**
 * Creates `dir` if needed and makes it and everything already in it private (folders 0700,
 * files and sockets 0600). A data folder left by an older version, readable by all, is fixed on
 * the next start. Symbolic links are left alone: their target is not ours to change.
 */
export function makePrivate(dir: string) {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const restrict = (entry: string, mode: number) => {
    try {
      chmodSync(entry, mode)
    } catch (error) {
      // Someone else's file in the folder: say so, and start anyway.
      console.warn(`[mock-server] não foi possível restringir ${entry}: ${String(error)}`)
    }
  }
  const walk = (entry: string) => {
    const stat = lstatSync(entry)
    if (stat.isSymbolicLink()) return
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) restrict(entry, PRIVATE_DIR_MODE)
      for (const name of readdirSync(entry)) walk(path.join(entry, name))
    } else if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) restrict(entry, PRIVATE_FILE_MODE)
  }
  walk(dir)
}

/**
 * Runs `spawn` (which must start its process synchronously, as child_process.spawn does) with the
 * private file-creation mask, so everything that process creates is private too: the Auth
 * emulator's export, the mock server's data. The mask is this process's own again afterwards.
 */
export function withPrivateUmask<T>(spawn: () => T): T {
  const previous = process.umask(PRIVATE_UMASK)
  try {
    return spawn()
  } finally {
    process.umask(previous)
  }
}
