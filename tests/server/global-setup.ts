import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePortBlock } from '../../scripts/ports'
import { startEmulator } from '../../scripts/stack'

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string
  }
}

/** One Auth emulator for the whole server suite, on free ports, seeded with the demo accounts. */
export default async function setup(project: TestProject) {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (existing) {
    project.provide('authEmulatorHost', existing)
    return
  }
  const port = await freePortBlock(3)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-emulator-'))
  const emulator = await startEmulator({ port, dataDir, persist: false, quiet: true })
  project.provide('authEmulatorHost', `127.0.0.1:${port}`)
  return async () => {
    await emulator.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
