import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareTestPki } from '../../mock-server/stand-ins/sefin-nacional/test-pki'
import { seedCore } from '../../mock-server/seed/core'
import { certifiedCompanies } from '../../mock-server/seed/nfse'
import { freePortBlock } from '../../scripts/ports'
import { startEmulator } from '../../scripts/stack'

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string
    testPkiDir: string
    vaultKeyDir: string
  }
}

/**
 * One Auth emulator for the whole server suite, on free ports, seeded with the demo accounts; and
 * one folder for the local test PKI, so the suite's servers draw its RSA keys once; and one for the
 * key of their certificates' vault.
 */
export default async function setup(project: TestProject) {
  const pkiDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-test-pki-'))
  // Its keys drawn here, in the thread pool: a server would draw them on its event loop.
  await prepareTestPki(pkiDir, certifiedCompanies(seedCore().companies))
  project.provide('testPkiDir', pkiDir)
  // The certificates' vault key of the suite's servers, never the user's (vault-key.ts).
  const vaultKeyDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-vault-key-'))
  project.provide('vaultKeyDir', vaultKeyDir)
  const removePki = () => {
    rmSync(pkiDir, { recursive: true, force: true })
    rmSync(vaultKeyDir, { recursive: true, force: true })
  }
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (existing) {
    project.provide('authEmulatorHost', existing)
    return removePki
  }
  const port = await freePortBlock(3)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-emulator-'))
  const emulator = await startEmulator({ port, dataDir, persist: false, quiet: true })
  project.provide('authEmulatorHost', `127.0.0.1:${port}`)
  return async () => {
    await emulator.stop()
    rmSync(dataDir, { recursive: true, force: true })
    removePki()
  }
}
