import { spawn } from 'node:child_process'
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileMessages } from '../../src/schemas/files'
import { resetEmulatorAccounts } from '../../mock-server/seed/emulator-accounts'
import { controlSocketOf } from '../../mock-server/control'
import { signedPath } from '../../mock-server/store/files'
import { originMessages } from '../../mock-server/origins'
import { freePortBlock } from '../../scripts/ports'
import {
  root,
  startEmulator,
  startMockServer,
  waitForPort,
  type Service,
} from '../../scripts/stack'
import { emulatorHost, PROJECT_ID, signIn } from './harness'

// Issue 19: the mock API on a laptop on any network. The emulator's tokens are unsigned, so
// whoever reaches the API can be anyone: it must answer only this machine and the app's own
// pages, its links must not be forgeable, and its data folder must be its owner's alone. Proven
// against the server as `npm start` runs it (its own process, a data folder of its own, the
// emulator exporting into that folder), not an in-process copy.

const WEB_URL = 'http://localhost:5173'
const ADMIN = 'admin@contabil.dev'
const ANA = 'ana@contabil.dev'
/** The secret every install signed links with before issue 19. */
const OLD_CONSTANT = 'local-mock-signing-secret'

/** This machine's addresses that other machines can reach (none on a machine without a network). */
const externalAddresses = Object.values(os.networkInterfaces())
  .flat()
  .filter((info) => info && !info.internal && !info.address.startsWith('fe80:'))
  .map((info) => info!.address)

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-exposure-'))
let port: number
let url: string
let mock: Service
let emulator: Service
let emulatorPort: number

/** Connects to host:port: 'open', or the error code (ECONNREFUSED when nothing listens there). */
const reach = (host: string, target: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect({ host, port: target, timeout: 3000 })
    socket.once('connect', () => (socket.destroy(), resolve('open')))
    socket.once('timeout', () => (socket.destroy(), resolve('timeout')))
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
  })

const modeOf = (file: string) => lstatSync(file).mode & 0o777

/** Every folder, file and socket under `dir` with its mode, relative to `dataDir`. */
function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = {}
  const walk = (entry: string) => {
    const stat = lstatSync(entry)
    const kind = stat.isDirectory() ? 'dir' : stat.isSocket() ? 'socket' : 'file'
    modes[path.relative(dataDir, entry) || '.'] = `${kind} ${(stat.mode & 0o777).toString(8)}`
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name))
  }
  walk(dir)
  return modes
}

beforeAll(async () => {
  await resetEmulatorAccounts(emulatorHost(), PROJECT_ID)
  // A data folder an older version left readable by everyone, with an uploaded file in it.
  chmodSync(dataDir, 0o755)
  mkdirSync(path.join(dataDir, 'files/cmp-ana-design'), { recursive: true, mode: 0o755 })
  writeFileSync(path.join(dataDir, 'files/cmp-ana-design/antigo.txt'), 'antigo', { mode: 0o644 })
  // As `npm start`: the emulator keeping its accounts in the data folder, then the API.
  emulatorPort = await freePortBlock(3)
  emulator = await startEmulator({
    port: emulatorPort,
    dataDir,
    persist: true,
    quiet: true,
  })
  port = await freePortBlock(1)
  mock = await startMockServer({
    port,
    dataDir,
    authPort: Number(emulatorHost().split(':')[1]),
    webUrl: WEB_URL,
    quiet: true,
    // Whatever the environment running the tests says: the server draws its own.
    env: { MOCK_SIGNING_SECRET: '', MOCK_HOST: '' },
  })
  url = `http://127.0.0.1:${port}`
}, 120_000)
afterAll(async () => {
  await mock?.stop()
  await emulator?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('who can reach the API', () => {
  it('listens on loopback, IPv4 and IPv6', async () => {
    expect((await fetch(`${url}/health`)).status).toBe(200)
    expect((await fetch(`http://[::1]:${port}/health`)).status).toBe(200)
  })

  it.skipIf(externalAddresses.length === 0)(
    "is not there on this machine's other interfaces",
    async () => {
      for (const address of externalAddresses)
        expect(await reach(address, port), address).toBe('ECONNREFUSED')
    },
  )

  it.skipIf(externalAddresses.length === 0)(
    'MOCK_HOST widens it on purpose, and the server says what that means',
    async () => {
      const wideDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-wide-'))
      const widePort = await freePortBlock(1)
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'mock-server/index.ts')],
        {
          cwd: root,
          detached: true,
          env: {
            ...process.env,
            MOCK_HOST: '0.0.0.0',
            MOCK_PORT: String(widePort),
            MOCK_DATA_DIR: wideDir,
            FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
          },
        },
      )
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      try {
        const ipv4 = externalAddresses.find((address) => net.isIPv4(address))
        if (ipv4) {
          await waitForPort(widePort, ipv4, 60_000)
          expect((await fetch(`http://${ipv4}:${widePort}/health`)).status).toBe(200)
        }
        expect(output).toContain('ATENÇÃO: MOCK_HOST=0.0.0.0 expõe a API simulada')
        expect(output).toContain('quem alcançar a API pode se passar por qualquer conta')
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        process.kill(-child.pid!, 'SIGTERM')
        await exited
        rmSync(wideDir, { recursive: true, force: true })
      }
    },
    90_000,
  )
})

describe('which web pages may call it (CORS)', () => {
  const EVIL = 'https://evil.example'

  it('gives a foreign origin no grant, even for a preflight, and refuses its requests', async () => {
    const preflight = await fetch(`${url}/admin/users`, {
      method: 'OPTIONS',
      headers: {
        Origin: EVIL,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const token = await signIn(ADMIN)
    for (const origin of [EVIL, 'null', 'http://localhost:5174', 'http://192.0.2.99:5173']) {
      const res = await fetch(`${url}/admin/users`, {
        headers: { Origin: origin, Authorization: `Bearer ${token}` },
      })
      expect(res.status, origin).toBe(403)
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
      expect(((await res.json()) as { message: string }).message).toBe(originMessages.refused)
    }
    // A cross-site form post (no preflight) is refused before it reaches the route.
    const form = await fetch(`${url}/leads`, {
      method: 'POST',
      headers: { Origin: EVIL, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=X&email=x%40example.com',
    })
    expect(form.status).toBe(403)
  })

  it("grants the app's own origins, under any loopback name, and its own stand-in pages", async () => {
    for (const origin of [WEB_URL, 'http://127.0.0.1:5173', 'http://[::1]:5173']) {
      const preflight = await fetch(`${url}/admin/users`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      })
      expect(preflight.status, origin).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(origin)
      // Bearer tokens, not cookies: credentials are never granted.
      expect(preflight.headers.get('access-control-allow-credentials'), origin).toBeNull()
    }
    const token = await signIn(ADMIN)
    const list = await fetch(`${url}/admin/users`, {
      headers: { Origin: WEB_URL, Authorization: `Bearer ${token}` },
    })
    expect(list.status).toBe(200)
    expect(list.headers.get('access-control-allow-origin')).toBe(WEB_URL)
    // Cora's stand-in page posts its form back to this server (an unknown state: its error page).
    const consent = await fetch(`${url}/cora/oauth/authorize`, {
      method: 'POST',
      headers: {
        Origin: `http://localhost:${port}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'state=nope&decision=allow',
    })
    expect(consent.status).toBe(400)
    expect(consent.headers.get('content-type')).toContain('text/html')
  })
})

describe('signed file links', () => {
  const secretFile = path.join(dataDir, 'signing-secret')
  const EVA_PDF = ['cmp-eva-comercio', 'alvara-loja.pdf'] as const
  const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

  it('are signed with a secret drawn for this data folder, readable by its owner only', () => {
    const secret = readFileSync(secretFile, 'utf8').trim()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(secret).not.toBe(OLD_CONSTANT)
    expect(modeOf(secretFile).toString(8)).toBe('600')
  })

  it('refuses a link forged with the old constant, and one that claims a long life', async () => {
    const forged = await fetch(url + signedPath(OLD_CONSTANT, 'GET', ...EVA_PDF, inSeconds(600)))
    expect(forged.status).toBe(403)
    expect(((await forged.json()) as { message: string }).message).toBe(fileMessages.linkInvalid)
    const secret = readFileSync(secretFile, 'utf8').trim()
    // With the real secret, but a year to live: the server caps links at 15 minutes.
    const longLived = await fetch(
      url + signedPath(secret, 'GET', ...EVA_PDF, inSeconds(365 * 86_400)),
    )
    expect(longLived.status).toBe(403)
    // The same link within the cap: the file, so the refusals above were about the secret and life.
    const fine = await fetch(url + signedPath(secret, 'GET', ...EVA_PDF, inSeconds(600)))
    expect(fine.status).toBe(200)
    expect((await fine.arrayBuffer()).byteLength).toBeGreaterThan(1000)
  })

  it('let an upload link store one file, once: a reused link cannot swap it', async () => {
    const token = await signIn(ANA)
    const auth = { Authorization: `Bearer ${token}` }
    const link = (await (
      await fetch(`${url}/upload/comprovante.txt?companyId=cmp-ana-design`, { headers: auth })
    ).json()) as { data: { url: string; fileName: string } }
    const put = (body: string) =>
      fetch(url + new URL(link.data.url).pathname + new URL(link.data.url).search, {
        method: 'PUT',
        body,
      })
    expect((await put('o original')).status).toBe(201)
    const reused = await put('a troca')
    expect(reused.status).toBe(409)
    expect(((await reused.json()) as { message: string }).message).toBe(fileMessages.linkUsed)
    const download = (await (
      await fetch(`${url}/download/${link.data.fileName}?companyId=cmp-ana-design`, {
        headers: auth,
      })
    ).json()) as { data: { url: string } }
    const stored = await fetch(
      url + new URL(download.data.url).pathname + new URL(download.data.url).search,
    )
    expect(await stored.text()).toBe('o original')
  })
})

describe('the data folder', () => {
  it('is its owner’s alone: folders 0700, files 0600, the control socket 0600', async () => {
    // Something written, so the database and its write-ahead log exist.
    const token = await signIn(ANA)
    const renamed = await fetch(`${url}/users/uid-ana`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Paula Ribeiro' }),
    })
    expect(renamed.status).toBe(200)
    expect(statSync(controlSocketOf(dataDir)).isSocket()).toBe(true)
    const modes = modesUnder(dataDir)
    expect(modes['.']).toBe('dir 700')
    expect(modes['mock-server.sock']).toBe('socket 600')
    // What the older version left is private now too.
    expect(modes['files/cmp-ana-design/antigo.txt']).toBe('file 600')
    for (const name of [
      'contabil.db',
      'contabil.db-wal',
      'contabil.db-shm',
      'signing-secret',
      'auth/auth_export/accounts.json',
    ])
      expect(modes[name], name).toBe('file 600')
    const open = Object.entries(modes).filter(
      ([, mode]) => !['dir 700', 'file 600', 'socket 600'].includes(mode),
    )
    expect(open).toEqual([])
  })

  it("keeps the emulator's account export private when it writes it on exit", async () => {
    // Someone signs up while it runs: the export on exit must hold them (this emulator's own
    // accounts, whatever other emulators run on the machine).
    const email = `exportada.${Date.now()}@example.com`
    const signUp = await fetch(
      `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'Exportada2026', returnSecureToken: true }),
      },
    )
    expect(signUp.status).toBe(200)
    await emulator.stop()
    const accounts = path.join(dataDir, 'auth/auth_export/accounts.json')
    expect(readFileSync(accounts, 'utf8')).toContain(email)
    const modes = modesUnder(path.join(dataDir, 'auth'))
    expect(Object.keys(modes).length).toBeGreaterThan(3)
    const open = Object.entries(modes).filter(([, mode]) => !['dir 700', 'file 600'].includes(mode))
    expect(open).toEqual([])
  })
})
