import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePortBlock } from '../../scripts/ports'
import {
  startEmulator,
  startMockServer,
  startWeb,
  stopAll,
  type Service,
} from '../../scripts/stack'

// The product as `npm start` runs it — Vite's dev server (not the production build the rest of
// the suite reads), the mock server and the Auth emulator, with the same addresses start.ts
// passes — on free ports and fresh data of its own, for the specs that must hold on the README's
// main command too (`*.dev.spec.ts`). Started by the spec that needs it, and stopped after it.

export type DevStack = { webUrl: string; apiUrl: string; stop: () => Promise<void> }

export async function startDevStack(): Promise<DevStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-e2e-dev-'))
  const base = await freePortBlock(5)
  // auth, hub, logging, mock server, web (as scripts/e2e.ts lays them out)
  const ports = { auth: base, mock: base + 3, web: base + 4 }
  const webUrl = `http://localhost:${ports.web}`
  const apiUrl = `http://localhost:${ports.mock}`
  const services: Service[] = []
  const stop = async () => {
    await stopAll(services)
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    services.push(
      await startEmulator({
        port: ports.auth,
        dataDir,
        persist: false,
        quiet: true,
        // As start.ts: the dev server's pages, and the API's `/docs`, may sign in.
        origins: { webUrl, publicUrl: apiUrl },
      }),
    )
    services.push(
      await startMockServer({
        port: ports.mock,
        dataDir,
        authPort: ports.auth,
        webUrl,
        quiet: true,
      }),
    )
    services.push(
      await startWeb({
        port: ports.web,
        mode: 'dev',
        quiet: true,
        env: {
          VITE_API_URL: apiUrl,
          VITE_FUNCTIONS_URL: apiUrl,
          VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
          VITE_SITE_URL: webUrl,
        },
      }),
    )
  } catch (error) {
    await stop()
    throw error
  }
  return { webUrl, apiUrl, stop }
}
