import { chmodSync, existsSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { PRIVATE_FILE_MODE } from './private-files'

// The local control channel of a running mock server: a Unix socket in its data folder, mode 0600
// in a 0700 folder, so only the person who ran `npm start` can reach it — never the network,
// unlike the test hooks, which exist only under a test harness. `npm run db:reset` uses it to
// reseed a running stack.

const SOCKET_NAME = 'mock-server.sock'
// Unix socket paths are limited to about 108 bytes.
const MAX_SOCKET_PATH = 100

export const controlSocketOf = (dataDir: string) => path.join(dataDir, SOCKET_NAME)

type Answer = { status: number; body: string }

function request(socketPath: string, method: string, pathname: string, timeoutMs: number) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ socketPath, method, path: pathname, timeout: timeoutMs }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('timeout', () => req.destroy(new Error('sem resposta do servidor simulado')))
    req.on('error', reject)
    req.end()
  })
}

/**
 * Serves `POST /reset` on the data folder's control socket. A socket file left by a server that
 * was killed is replaced; one that still answers belongs to another server on the same folder,
 * and this one goes without (returns null).
 */
export async function listenForControl(
  dataDir: string,
  handlers: { reset: () => Promise<void> },
): Promise<http.Server | null> {
  const socketPath = controlSocketOf(dataDir)
  if (socketPath.length > MAX_SOCKET_PATH) {
    console.warn(`[mock-server] pasta de dados longa demais para o canal local: ${dataDir}`)
    return null
  }
  if (existsSync(socketPath)) {
    const alive = await request(socketPath, 'GET', '/', 1000).then(
      () => true,
      () => false,
    )
    if (alive) {
      console.warn(`[mock-server] outro servidor já usa ${socketPath}`)
      return null
    }
    rmSync(socketPath, { force: true })
  }
  let running: Promise<void> | null = null
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/reset') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"ok":false}')
      return
    }
    // Two resets at once run as one.
    running ??= handlers.reset().finally(() => (running = null))
    running.then(
      () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
      (error: unknown) => {
        console.error('[mock-server] reset failed', error)
        res
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ ok: false, message: String(error) }))
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  chmodSync(socketPath, PRIVATE_FILE_MODE)
  return server
}

/**
 * Asks the server running on a data folder to reseed itself. Resolves false when none runs there
 * (no socket, or a stale one); rejects when it runs but the reset failed.
 */
export async function requestReset(dataDir: string): Promise<boolean> {
  const socketPath = controlSocketOf(dataDir)
  if (!existsSync(socketPath)) return false
  let answer: Answer
  try {
    answer = await request(socketPath, 'POST', '/reset', 120_000)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ECONNREFUSED' || code === 'ENOENT') return false
    throw error
  }
  if (answer.status !== 200) throw new Error(`reset falhou: ${answer.status} ${answer.body}`)
  return true
}
