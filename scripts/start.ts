import path from 'node:path'
import { isLoopbackHost, listenHostsOf, wideOpenWarning } from '../mock-server/network'
import { loadDemoAccounts } from '../mock-server/seed/core'
import {
  assertPortFree,
  root,
  ServiceRefused,
  startEmulator,
  startMockServer,
  startWeb,
  stopAll,
  type Service,
} from './stack'

// `npm start`: the whole product on embedded defaults, no further step.
const ports = {
  web: Number(process.env.WEB_PORT ?? 5173),
  mock: Number(process.env.MOCK_PORT ?? 3000),
  auth: Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
  // The Sefin Nacional stand-in's TLS port (mock-server/config.ts reads the same variable).
  sefin: Number(process.env.MOCK_SEFIN_PORT ?? 3443),
}
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data')
// The API listens on loopback unless MOCK_HOST (passed on to it) says otherwise: then say plainly
// what that means, since the emulator's tokens prove nothing.
const wideHosts = listenHostsOf(process.env.MOCK_HOST).filter((host) => !isLoopbackHost(host))
const wideWarning = wideHosts.length > 0 ? wideOpenWarning(wideHosts.join(', ')) : null
const webUrl = `http://localhost:${ports.web}`
// The API's own address, as the mock server reads it (mock-server/config.ts).
const apiPublicUrl = process.env.MOCK_PUBLIC_URL ?? `http://localhost:${ports.mock}`
const services: Service[] = []
let stopping = false

async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  console.log('\nParando os serviços…')
  await stopAll(services)
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

try {
  console.log('Iniciando o emulador do Firebase Auth…')
  services.push(
    await startEmulator({
      port: ports.auth,
      dataDir,
      persist: true,
      quiet: true,
      // The app signs in from its dev server; the API's `/docs` page from the API's address.
      origins: { webUrl, publicUrl: apiPublicUrl },
    }),
  )
  if (wideWarning) console.warn(`\n${wideWarning}\n`)
  console.log('Iniciando o servidor simulado (API)…')
  if (!process.env.MOCK_SEFIN_URL) await assertPortFree(ports.sefin, 'Sefin Nacional stand-in')
  services.push(
    await startMockServer({
      port: ports.mock,
      dataDir,
      authPort: ports.auth,
      webUrl,
      quiet: true,
      env: { MOCK_SEFIN_PORT: String(ports.sefin) },
    }),
  )
  console.log('Iniciando o app web…')
  services.push(
    await startWeb({
      port: ports.web,
      mode: 'dev',
      quiet: true,
      env: {
        VITE_API_URL: `http://localhost:${ports.mock}`,
        VITE_FUNCTIONS_URL: `http://localhost:${ports.mock}`,
        VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
        VITE_SITE_URL: `http://localhost:${ports.web}`,
      },
    }),
  )
  for (const service of services) {
    service.child.once('exit', () => {
      if (!stopping) {
        console.error(`\n${service.name} parou inesperadamente.`)
        void shutdown(1)
      }
    })
  }
  const accounts = loadDemoAccounts()
  const width = Math.max(...accounts.map((a) => a.email.length))
  console.log(`
  Contabil está no ar:  http://localhost:${ports.web}

  API simulada          http://localhost:${ports.mock}
  Documentação da API   http://localhost:${ports.mock}/docs  ("Try it out" com as contas abaixo)
  Firebase Auth (emul.) http://127.0.0.1:${ports.auth}
  Sefin Nacional (sim.) https://localhost:${ports.sefin}/SefinNacional  (TLS mútuo: certificado A1 da empresa)

  Contas de demonstração:
${accounts.map((a) => `    ${a.email.padEnd(width)}  ${a.password}  (${a.roles.join(', ')})`).join('\n')}

  Ctrl-C para parar tudo.
`)
  if (wideWarning) console.warn(`  ${wideWarning}\n`)
} catch (error) {
  // A refusal has printed its own message (what to do); anything else is said here.
  if (!(error instanceof ServiceRefused))
    console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
}
