import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import type { IncomingMessage, RequestListener } from 'node:http'
import type { RequestHandler } from 'express'

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

// Which names a request may call this stack by (its `Host` header). A web page can make its own
// name resolve to 127.0.0.1 (DNS rebinding) and then call the API or the emulator as "same
// origin", with no Origin header and the attacker's name in `Host`: so each service answers only
// requests that name it as this machine does (a loopback name on the port the request came in
// on), by the public address it was configured with (MOCK_PUBLIC_URL), or, when MOCK_HOST opens
// it on purpose, by that address or one of this machine's own. Any other name is refused (421)
// before any route runs.

export const hostMessages = {
  refused:
    'Endereço não reconhecido: este serviço só atende pelos nomes desta máquina (localhost, ' +
    '127.0.0.1 ou [::1], na porta em que escuta) ou pelo endereço público configurado ' +
    '(MOCK_PUBLIC_URL).',
} as const

/** 421 Misdirected Request: the request named a server that is not this one. */
export const MISDIRECTED = 421

/** `name:port` of a Host header (the default port of http when it has none), or null. */
export function hostOf(value: string | undefined): { name: string; port: number } | null {
  if (!value) return null
  let url: URL
  try {
    url = new URL(`http://${value}`)
  } catch {
    return null
  }
  // A Host is a name and a port, nothing else (no user, path, query or fragment smuggled in).
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null
  // The URL parser spells some names its own way (`127.1` is `127.0.0.1`): judged by what they mean.
  return { name: url.hostname.toLowerCase(), port: url.port ? Number(url.port) : 80 }
}

/** `name:port` as this module compares hosts. */
const keyOf = (host: { name: string; port: number }) => `${host.name}:${host.port}`

/** The host of an address (`http://localhost:3000` → localhost:3000), or null. */
export function hostOfUrl(address: string | undefined): string | null {
  if (!address) return null
  try {
    const url = new URL(address)
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
    return keyOf({ name: url.hostname.toLowerCase(), port })
  } catch {
    return null
  }
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]'])

/** This machine's own addresses (every interface), as URL hostnames spell them. */
function interfaceNames(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [info.family === 'IPv6' ? `[${info.address}]` : info.address] : []))
    .map((name) => name.toLowerCase())
}

/**
 * Whether a request names this service: `allowed` holds the exact `name:port` hosts it answers
 * besides the loopback names on the port the request came in on; `anyOwnAddress` also lets
 * through this machine's own addresses on that port (a service opened to every interface).
 */
export function hostCheck(options: { allowed?: Iterable<string>; anyOwnAddress?: boolean }) {
  const allowed = new Set(options.allowed ?? [])
  const decide = (req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean => {
    const host = hostOf(req.headers.host)
    if (!host) return false
    if (isLoopbackHost(host.name) && host.port === req.socket.localPort) return true
    if (allowed.has(keyOf(host))) return true
    return (
      options.anyOwnAddress === true &&
      host.port === req.socket.localPort &&
      interfaceNames().includes(host.name)
    )
  }
  // The few names a server is called by, once judged, are a lookup on every later request.
  const granted = new Set<string>()
  return (req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean => {
    const key = `${req.socket.localPort} ${req.headers.host}`
    if (granted.has(key)) return true
    if (!decide(req)) return false
    if (granted.size >= 64) granted.clear()
    granted.add(key)
    return true
  }
}

/**
 * The API's own hosts: its public URL, and the address MOCK_HOST names when it opens the API
 * beyond loopback (every address of this machine for a wildcard).
 */
export function apiHostCheck(config: { port: number; hosts: string[]; publicUrl: string }) {
  const named = config.hosts.filter((host) => !isLoopbackHost(host) && !WILDCARDS.has(host))
  return hostCheck({
    allowed: [
      hostOfUrl(config.publicUrl),
      ...named.map((host) =>
        hostOfUrl(`http://${net.isIPv6(host) ? `[${host}]` : host}:${config.port}`),
      ),
    ].filter((host): host is string => host !== null),
    anyOwnAddress: config.hosts.some((host) => WILDCARDS.has(host)),
  })
}

/** The API's Host check, ahead of every route: 421 with a pt-BR message for a foreign name. */
export function hostPolicy(config: { port: number; hosts: string[]; publicUrl: string }) {
  const isOwnHost = apiHostCheck(config)
  const guard: RequestHandler = (req, res, next) => {
    if (isOwnHost(req)) return next()
    res.status(MISDIRECTED).json({ message: hostMessages.refused })
  }
  return guard
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
