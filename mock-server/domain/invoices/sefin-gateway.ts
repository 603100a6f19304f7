import { readFileSync } from 'node:fs'
import type { ServerConfig } from '../../config'
import type { CertificatePems } from '../../formats/nfse/certificates'
import { sefinClient, type SefinConnection } from './nfse/sefin-client'
import {
  certificatesIn,
  type SefinTrust,
  type SignerIdentity,
} from '../../formats/nfse/signer-trust'

// Where the product reaches the national NFS-e API and what it trusts there (config.ts): the
// address (MOCK_SEFIN_URL, or the local stand-in's, which mock-server/app.ts starts on
// MOCK_SEFIN_PORT), the roots of the server's TLS certificate and of the NFS-e's signer (the
// configured PEM files, or the local test CA), and who that signer must be (MOCK_SEFIN_SIGNER, the
// host of MOCK_SEFIN_URL, or the stand-in's own certificate). A client is made per company: its
// A1 is the TLS client certificate. The stand-in itself is not the product's: what the gateway
// needs of it comes in as `local`, the way the real service's address and roots come from files.

/** The local stand-in and test PKI, as the gateway meets them when no real service is set. */
export type LocalSefin = {
  /** The local test CA's certificate. */
  testCa: () => string
  /** The stand-in's own certificate (its TLS identity and its NFS-e's signer). */
  standInCertificate: () => string
  /** The stand-in's port once it listens; null when MOCK_SEFIN_URL points elsewhere. */
  port: Promise<number> | null
}

export type SefinGateway = {
  /** The client that speaks for a company, with its certificate. */
  clientFor(client: CertificatePems): Promise<ReturnType<typeof sefinClient>>
  /** The anchors an NFS-e's or event's signer must chain to, and who it must be. */
  trust(): SefinTrust
  /** The roots a company's A1 must chain to (ICP-Brasil's). */
  a1Anchors(): string[]
}

const bundle = (file: string) => certificatesIn(readFileSync(file, 'utf8'))

export function createSefinGateway(deps: {
  config: ServerConfig
  local: LocalSefin
}): SefinGateway {
  const { config, local } = deps
  const testCa = () => [local.testCa()]
  const serverRoots = config.sefinServerCaFile ? bundle(config.sefinServerCaFile) : null
  const anchors = config.sefinTrustedCertsFile ? bundle(config.sefinTrustedCertsFile) : null
  const icpBrasil = config.icpBrasilRootsFile ? bundle(config.icpBrasilRootsFile) : null
  const signer = (): SignerIdentity => {
    if (config.sefinSigner) return { names: config.sefinSigner, certificates: [] }
    if (config.sefinUrl) return { names: [new URL(config.sefinUrl).hostname], certificates: [] }
    return { names: [], certificates: [local.standInCertificate()] }
  }
  const baseUrl = async () =>
    config.sefinUrl ?? `https://localhost:${await local.port!}/SefinNacional`
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
  }
}
