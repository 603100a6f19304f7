import { readFileSync } from 'node:fs'
import type { ServerConfig } from '../../config'
import type { CertificatePems } from './nfse/certificates'
import type { NfseEngine } from './nfse/engine'
import { sefinClient, type SefinConnection } from './nfse/sefin-client'
import { testPki } from '../../stand-ins/sefin-nacional/test-pki'
import {
  startSefinStandIn,
  type SefinStandIn,
  type StandInOptions,
} from '../../stand-ins/sefin-nacional/server'
import type { Store } from '../../store/database'
import { certificatesIn, type SefinTrust, type SignerIdentity } from './signer-trust'

// Where the product reaches the national NFS-e API and what it trusts there (config.ts): the
// address (MOCK_SEFIN_URL, or the local stand-in, started here on MOCK_SEFIN_PORT), the roots of
// the server's TLS certificate and of the NFS-e's signer (the configured PEM files, or the local
// test CA), and who that signer must be (MOCK_SEFIN_SIGNER, the host of MOCK_SEFIN_URL, or the
// stand-in's own certificate). A client is made per company: its A1 is the TLS client certificate.

export type SefinGateway = {
  /** The client that speaks for a company, with its certificate. */
  clientFor(client: CertificatePems): Promise<ReturnType<typeof sefinClient>>
  /** The anchors an NFS-e's or event's signer must chain to, and who it must be. */
  trust(): SefinTrust
  /** The roots a company's A1 must chain to (ICP-Brasil's). */
  a1Anchors(): string[]
  /** The local stand-in, when this server runs it (its faults can be armed by the tests). */
  standIn(): Promise<SefinStandIn | null>
  close(): Promise<void>
}

const bundle = (file: string) => certificatesIn(readFileSync(file, 'utf8'))

export function createSefinGateway(deps: {
  config: ServerConfig
  store: Store
  nfse: NfseEngine
  /** How the local stand-in draws an NFS-e of the seed's history (the seed's own code). */
  drawSeeded?: StandInOptions['drawSeeded']
}): SefinGateway {
  const { config } = deps
  const testCa = () => [testPki(config.testPkiDir).ca.certificatePem]
  const serverRoots = config.sefinServerCaFile ? bundle(config.sefinServerCaFile) : null
  const anchors = config.sefinTrustedCertsFile ? bundle(config.sefinTrustedCertsFile) : null
  const icpBrasil = config.icpBrasilRootsFile ? bundle(config.icpBrasilRootsFile) : null
  // The stand-in runs here only when the product is not pointed elsewhere.
  const standIn: Promise<SefinStandIn> | null = config.sefinUrl
    ? null
    : startSefinStandIn({
        store: deps.store,
        nfse: deps.nfse,
        identity: testPki(config.testPkiDir).standIn,
        clientRoots: testCa(),
        port: config.sefinPort,
        hosts: config.hosts,
        faults: config.sefinFaults,
        drawSeeded: deps.drawSeeded,
      })
  // A failure to listen (the port taken) is said when the stand-in is first needed, and here.
  standIn?.catch((error: unknown) =>
    console.error(`[sefin-nacional] não iniciou na porta ${config.sefinPort}:`, error),
  )
  const signer = (): SignerIdentity => {
    if (config.sefinSigner) return { names: config.sefinSigner, certificates: [] }
    if (config.sefinUrl) return { names: [new URL(config.sefinUrl).hostname], certificates: [] }
    return { names: [], certificates: [testPki(config.testPkiDir).standIn.certificatePem] }
  }
  const baseUrl = async () =>
    config.sefinUrl ?? `https://localhost:${(await standIn!).port}/SefinNacional`
  return {
    async clientFor(client) {
      const connection: SefinConnection = {
        baseUrl: await baseUrl(),
        client,
        serverRoots: serverRoots ?? testCa(),
        timeoutMs: config.sefinTimeoutMs,
      }
      return sefinClient(connection)
    },
    trust: () => ({ anchors: anchors ?? testCa(), signer: signer() }),
    a1Anchors: () => icpBrasil ?? testCa(),
    standIn: async () => (standIn ? await standIn : null),
    async close() {
      if (!standIn) return
      await standIn.then((s) => s.close()).catch(() => undefined)
    },
  }
}
