import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEmulatorAccounts } from '../../mock-server/seed/emulator-accounts'
import { freePortBlock } from '../../scripts/ports'
import { root, startMockServer, type Service } from '../../scripts/stack'
import { emulatorHost, PROJECT_ID, signIn, startTestServer } from './harness'

// The test hooks (`POST /__reset`, `POST /__test/expire-tokens`) exist only when a test harness
// starts the server with MOCK_TEST_HOOKS=1; the server `npm start` runs answers them 404, and
// `npm run db:reset` still brings a running stack back to the fixtures.

const ANA = 'ana@contabil.dev'

/** `npm run db:reset` against a data folder and port. */
function dbReset(dataDir: string, port: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-reset.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, MOCK_PORT: String(port) },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('as `npm start` runs it (no MOCK_TEST_HOOKS)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-hooks-'))
  let service: Service
  let url: string
  let port: number
  beforeAll(async () => {
    await resetEmulatorAccounts(emulatorHost(), PROJECT_ID)
    port = await freePortBlock(1)
    // The same call scripts/start.ts makes.
    service = await startMockServer({
      port,
      dataDir,
      authPort: Number(emulatorHost().split(':')[1]),
      webUrl: 'http://localhost:5173',
      quiet: true,
    })
    url = `http://127.0.0.1:${port}`
  })
  afterAll(async () => {
    await service?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers the test hooks 404', async () => {
    for (const hook of [
      '/__reset',
      '/__test/expire-tokens',
      '/__test/companies/cmp-ana-design/reconcile',
    ]) {
      const res = await fetch(url + hook, { method: 'POST' })
      expect(res.status, hook).toBe(404)
    }
    expect((await fetch(`${url}/__test/reconciliation/runs`)).status).toBe(404)
  })

  it('is reset by `npm run db:reset` while it runs', async () => {
    const token = await signIn(ANA)
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const renamed = await fetch(`${url}/users/uid-ana`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ name: 'Ana Renomeada' }),
    })
    expect(renamed.status).toBe(200)

    const reset = await dbReset(dataDir, port)
    expect(reset.code, reset.output).toBe(0)

    // The emulator's accounts were reseeded too: older tokens are revoked, so sign in again.
    const fresh = await signIn(ANA)
    const me = await fetch(`${url}/users/me`, { headers: { Authorization: `Bearer ${fresh}` } })
    const body = (await me.json()) as { data: { name: string } }
    expect(body.data.name).toBe('Ana Paula Ribeiro')
  })
})

describe('`npm run db:reset` with nothing running', () => {
  it('removes the saved data, so the next start seeds it again', async () => {
    // A data folder as `npm start` leaves it (and one from before the SQLite store), and no
    // server on the port.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-hooks-stopped-'))
    const files = ['contabil.db', 'contabil.db-wal', 'contabil.db-shm', 'db.json', 'db.json.wal']
    try {
      for (const name of files) writeFileSync(path.join(dataDir, name), '')
      mkdirSync(path.join(dataDir, 'files'))
      const reset = await dbReset(dataDir, await freePortBlock(1))
      expect(reset.code, reset.output).toBe(0)
      for (const name of [...files, 'files'])
        expect(existsSync(path.join(dataDir, name)), name).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('started by a test harness (MOCK_TEST_HOOKS=1)', () => {
  it('answers the test hooks', async () => {
    const server = await startTestServer()
    try {
      expect((await server.call('POST', '/__test/expire-tokens')).status).toBe(200)
      expect((await server.call('POST', '/__reset')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
