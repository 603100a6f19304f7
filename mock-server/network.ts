import http from 'node:http'
import net from 'node:net'
import type { RequestListener } from 'node:http'

// Where the mock API listens. The Auth emulator's tokens are unsigned, so whoever reaches the API
// can claim to be anyone, the admin included: by default it answers only this machine (loopback,
// IPv4 and IPv6, like the emulator and Vite). MOCK_HOST widens it on purpose.

/** The addresses `localhost` means: a browser may try either. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const

/** The hosts to listen on: MOCK_HOST when set, else loopback. */
export const listenHostsOf = (mockHost: string | undefined): string[] =>
  mockHost?.trim() ? [mockHost.trim()] : [...LOOPBACK_HOSTS]

/** True for `localhost` and addresses only this machine can reach (127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true
  if (net.isIPv4(bare)) return bare.startsWith('127.')
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare)
  return false
}

/** The warning `npm start` and the server print when MOCK_HOST opens the API to others. */
export const wideOpenWarning = (host: string) =>
  `ATENÇÃO: MOCK_HOST=${host} expõe a API simulada além desta máquina. Os tokens do emulador ` +
  'não são assinados: quem alcançar a API pode se passar por qualquer conta, inclusive a de ' +
  'administrador. Use só em uma rede em que você confia.'

/**
 * Serves `handler` on `port` at every host; resolves once all listen. IPv6 loopback is skipped
 * when the machine has no IPv6; any other failure (a port taken) closes what opened and rejects.
 */
export async function listenOn(handler: RequestListener, port: number, hosts: string[]) {
  const servers: http.Server[] = []
  try {
    for (const host of hosts) {
      const server = http.createServer(handler)
      const listening = await new Promise<boolean>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => {
          if (host === '::1' && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'))
            resolve(false)
          else reject(error)
        })
        server.listen(port, host, () => resolve(true))
      })
      if (listening) servers.push(server)
    }
  } catch (error) {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
    throw error
  }
  return {
    servers,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        ),
      ).then(() => undefined),
  }
}
