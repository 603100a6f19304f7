import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createApp, type OutsideServices } from '../../mock-server/app'
import { resetEmulatorAccounts } from '../../mock-server/seed/emulator-accounts'
import { readConfig, type ServerConfig } from '../../mock-server/config'
import { checkAnswersFrom } from './response-validator'

export const PROJECT_ID = 'demo-contabil'
export const DEMO_PASSWORD = 'Cliente#2026'
export const ADMIN = { email: 'admin@contabil.dev', password: 'Admin#2026' }

/**
 * The link-signing secret of the servers this harness starts: drawn per test run, so the contract
 * examples (tests/server/contracts/files.ts) can sign links those servers accept.
 */
export const TEST_SIGNING_SECRET = randomBytes(32).toString('base64url')

export const emulatorHost = () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (tests/server/setup.ts)')
  return host
}

const isClosedConnection = (error: unknown) =>
  error instanceof TypeError &&
  (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET'

/** Signs in through the emulator's REST API and returns a real ID token. */
export async function signIn(
  email: string,
  password = email.startsWith('admin@') ? ADMIN.password : DEMO_PASSWORD,
) {
  const send = () =>
    fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      },
    )
  // A kept-alive connection the emulator has just closed fails the request before it is read
  // ('other side closed', seen on a loaded two-core machine); a sign-in changes nothing, so it is
  // sent once more on a new connection.
  const response = await send().catch((error: unknown) => {
    if (!isClosedConnection(error)) throw error
    return send()
  })
  const body = (await response.json()) as { idToken?: string; error?: { message: string } }
  if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${body.error?.message}`)
  return body.idToken
}

/**
 * Verifies a person's e-mail the way they would: the identity service sends the verification
 * link (`sendOobCode` VERIFY_EMAIL), the emulator keeps it among its out-of-band codes, and
 * opening it marks the address verified.
 */
export async function verifyEmailByLink(email: string, idToken: string) {
  const base = `http://${emulatorHost()}`
  const sent = await fetch(
    `${base}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
    },
  )
  if (!sent.ok) throw new Error(`sendOobCode failed: ${sent.status} ${await sent.text()}`)
  const { oobCodes } = (await (
    await fetch(`${base}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  ).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] }
  const link = oobCodes.findLast(
    (code) => code.email === email.toLowerCase() && code.requestType === 'VERIFY_EMAIL',
  )
  if (!link) throw new Error(`no verification link for ${email}`)
  const opened = await fetch(link.oobLink)
  if (!opened.ok) throw new Error(`verification link failed: ${opened.status}`)
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>

/**
 * The mock server in-process on a free port, over a fresh data file seeded from fixtures,
 * with the emulator's accounts reset to the demo accounts; `outside` puts fakes in place of
 * outside services' stand-ins.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  outside: OutsideServices = {},
) {
  await resetEmulatorAccounts(emulatorHost(), PROJECT_ID)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-mock-'))
  const config: ServerConfig = {
    ...readConfig({
      MOCK_DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      MOCK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      MOCK_TEST_PKI_DIR: process.env.MOCK_TEST_PKI_DIR,
      MOCK_VAULT_KEY_DIR: process.env.MOCK_VAULT_KEY_DIR,
      // The Sefin Nacional stand-in on a free port, its answers awaited 3 s at most.
      MOCK_SEFIN_PORT: '0',
      MOCK_SEFIN_TIMEOUT_MS: '3000',
    }),
    environment: 'test',
    testHooks: true,
    ...overrides,
  }
  const instance = createApp(config, outside)
  const server = instance.app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // Every answer from this server, to `call` or to a test's own fetch, keeps the OpenAPI document.
  checkAnswersFrom(url)
  const tokens = new Map<string, string>()

  async function call(
    method: string,
    pathname: string,
    options: {
      token?: string | null
      as?: string
      body?: unknown
      raw?: BodyInit
      headers?: Record<string, string>
    } = {},
  ) {
    let token = options.token
    if (options.as) {
      token = tokens.get(options.as) ?? (await signIn(options.as))
      tokens.set(options.as, token)
    }
    const headers: Record<string, string> = { ...options.headers }
    if (token) headers.Authorization = `Bearer ${token}`
    let body: BodyInit | undefined = options.raw
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    // Redirects point at the web app (Cora's callback, checkout), which tests do not run.
    const response = await fetch(url + pathname, { method, headers, body, redirect: 'manual' })
    // A reset recreates the emulator's accounts, and the emulator treats every token issued
    // before that as revoked: sign in again afterwards.
    if (pathname === '/__reset' && response.ok) tokens.clear()
    const text = await response.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    // Tests read answers of every shape; asserting on them is the test's job.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: json as any, text, headers: response.headers }
  }

  return {
    url,
    config,
    app: instance.app,
    store: instance.store,
    sefin: instance.sefin,
    recovery: instance.recovery,
    call,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await instance.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
