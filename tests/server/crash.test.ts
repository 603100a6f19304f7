import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { resetEmulatorAccounts } from '../../mock-server/seed/emulator-accounts'
import { freePortBlock } from '../../scripts/ports'
import { startMockServer, type Service } from '../../scripts/stack'
import { emulatorHost, PROJECT_ID, signIn } from './harness'

// The crash test: the mock server runs as its own process, 20 writers hammer it (new records and
// in-place changes), it is killed with SIGKILL mid-way, and started again. The database must open,
// and every write the server acknowledged must be in it.

const WRITERS = 20
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-crash-'))
const services: Service[] = []
afterAll(async () => {
  for (const service of services) await service.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A collection as the data file holds it now (read beside the running server, as any tool can). */
function stored<T>(table: string): T[] {
  const db = new Sqlite(path.join(dataDir, 'contabil.db'), { readonly: true })
  try {
    return (db.prepare(`SELECT doc FROM ${table} ORDER BY seq`).pluck().all() as string[]).map(
      (doc) => JSON.parse(doc) as T,
    )
  } finally {
    db.close()
  }
}

async function start(port: number) {
  const [host, authPort] = emulatorHost().split(':') as [string, string]
  const service = await startMockServer({
    port,
    dataDir,
    authPort: Number(authPort),
    webUrl: 'http://localhost:5173',
    quiet: true,
    env: { FIREBASE_AUTH_EMULATOR_HOST: `${host}:${authPort}` },
  })
  services.push(service)
  const url = `http://127.0.0.1:${port}`
  // Listening is not yet ready: wait for the health check.
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { service, url }
}

describe('crash safety', () => {
  it('loses no acknowledged write to a SIGKILL during concurrent writes, and keeps the file whole', async () => {
    await resetEmulatorAccounts(emulatorHost(), PROJECT_ID)
    const port = await freePortBlock(1)
    const { service, url } = await start(port)
    const token = await signIn('admin@contabil.dev')
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const companies = stored<{ id: string; alias: string | null }>('companies').slice(0, WRITERS)
    const companyIds = companies.map((c) => c.id)

    // Per company, the aliases the file may hold: the last acknowledged one and the one in flight.
    const acknowledged = {
      invites: new Set<string>(),
      aliases: new Map<string, Array<string | null>>(companies.map((c) => [c.id, [c.alias]])),
    }
    let stop = false
    let writes = 0
    const writer = async (k: number) => {
      const companyId = companyIds[k]!
      for (let n = 0; !stop; n++) {
        try {
          if (n % 2 === 0) {
            const res = await fetch(`${url}/invites?companyId=${companyId}`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ email: `crash-${k}-${n}@example.com` }),
            })
            if (res.status === 201)
              acknowledged.invites.add(((await res.json()) as { data: { id: string } }).data.id)
          } else {
            const alias = `Apelido ${k}-${n}`
            // The value in flight counts as well: it may or may not have been made durable.
            const seen = acknowledged.aliases.get(companyId)!
            acknowledged.aliases.set(companyId, [seen[0]!, alias])
            const res = await fetch(`${url}/companies/${companyId}`, {
              method: 'PUT',
              headers,
              body: JSON.stringify({ alias }),
            })
            if (res.status === 200) acknowledged.aliases.set(companyId, [alias])
          }
          writes++
        } catch {
          return // the server is gone
        }
      }
    }
    const running = Array.from({ length: WRITERS }, (_, k) => writer(k))
    while (writes < 400) await new Promise((resolve) => setTimeout(resolve, 5))
    const exited = new Promise((resolve) => service.child.once('exit', resolve))
    process.kill(-service.child.pid!, 'SIGKILL')
    stop = true
    await Promise.all(running)
    // The port is free once the killed process is gone, not when the signal is sent.
    await exited
    expect(acknowledged.invites.size).toBeGreaterThan(100)

    const restarted = await start(port)
    // The database opens, and holds every acknowledged write (the restart recovered the WAL).
    const invites = new Set(stored<{ id: string }>('invites').map((invite) => invite.id))
    const missing = [...acknowledged.invites].filter((id) => !invites.has(id))
    expect(missing).toEqual([])
    const after = stored<{ id: string; alias: string | null }>('companies')
    for (const [companyId, candidates] of acknowledged.aliases) {
      const alias = after.find((c) => c.id === companyId)!.alias
      expect(candidates, `${companyId} has ${alias}`).toContain(alias)
    }
    // And the restarted server serves them.
    const listed = await fetch(`${restarted.url}/invites?companyId=${companyIds[0]}&limit=100`, {
      headers,
    })
    expect(listed.status).toBe(200)
  }, 120_000)
})
