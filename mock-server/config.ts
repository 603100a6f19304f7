import os from 'node:os'
import path from 'node:path'
import { listenHostsOf } from './network'
import { signingSecretIn } from './signing-secret'

// Every setting has a default that matches the local stack `npm start` brings up
// (README.md "Configuration"); tests and benches override them through env.
export type ServerConfig = {
  port: number
  /** Where it listens: loopback (127.0.0.1 and ::1) unless MOCK_HOST says otherwise (network.ts). */
  hosts: string[]
  /** The data folder (MOCK_DATA_DIR, default `.data`): its owner's alone (private-files.ts). */
  dataDir: string
  dataFile: string
  projectId: string
  authEmulatorHost: string
  /** 'production' turns on the CNPJ registry check on company creation (docs/product.md §5). */
  environment: 'development' | 'production' | 'test'
  /**
   * Serves the test hooks `POST /__reset` and `POST /__test/expire-tokens`: only when a test
   * harness starts the server (MOCK_TEST_HOOKS=1), never under `npm start`.
   */
  testHooks: boolean
  /** Where the web app runs; used for redirects from the stand-in pages (Cora, checkout). */
  webUrl: string
  /** This server's own public address, for signed links. */
  publicUrl: string
  /** Folder for uploaded files. */
  filesDir: string
  /**
   * Secret that signs upload/download links: MOCK_SIGNING_SECRET (32 bytes at least), or the data
   * folder's own, drawn at its first start (signing-secret.ts).
   */
  signingSecret: string
  /**
   * The key that opens the data folder's certificate vault (vault-key.ts), never kept in the data
   * folder: MOCK_VAULT_KEY (32 bytes at least) when given, else a file of the machine user's in
   * `vaultKeyDir` (MOCK_VAULT_KEY_DIR, default `$XDG_STATE_HOME/contabil` or
   * `~/.local/state/contabil`).
   */
  vaultSecret: string | null
  vaultKeyDir: string
  /**
   * The local test PKI (the test CA, the stand-in's and the seeded companies' certificates):
   * MOCK_TEST_PKI_DIR (the test suites share one), or `<data>/test-pki`.
   */
  testPkiDir: string
  /**
   * The national NFS-e API (Sefin Nacional) the product issues through, over mutual TLS with the
   * company's A1: MOCK_SEFIN_URL (`https://sefin.nfse.gov.br/SefinNacional` is the real one), or
   * when unset this server's own stand-in (stand-ins/sefin-nacional/), which then listens with
   * TLS on `sefinPort`.
   */
  sefinUrl: string | null
  /** The stand-in's TLS port: MOCK_SEFIN_PORT, default 3443 (0: any free port). */
  sefinPort: number
  /**
   * PEM files of the roots the product trusts for the national API: its server's TLS certificate
   * (MOCK_SEFIN_SERVER_CA) and the signer of its NFS-e and events (MOCK_SEFIN_TRUSTED_CERTS).
   * Unset: the local test CA (the stand-in's). For the real API: the ICP-Brasil and web PKI
   * chains of its hosts.
   */
  sefinServerCaFile: string | null
  sefinTrustedCertsFile: string | null
  /**
   * Who the signer of the national API's NFS-e and events must be, besides chained to those
   * roots (MOCK_SEFIN_SIGNER, comma-separated host names or CNPJs: formats/nfse/signer-trust.ts).
   * Unset: the host of MOCK_SEFIN_URL (the real one signs with its host's certificate), or the
   * local stand-in's own certificate.
   */
  sefinSigner: string[] | null
  /**
   * The roots a company's A1 must chain to (MOCK_ICP_BRASIL_ROOTS, a PEM file: the ICP-Brasil
   * roots and intermediates); unset, the local test CA.
   */
  icpBrasilRootsFile: string | null
  /** How long the product waits for the national API's answer (MOCK_SEFIN_TIMEOUT_MS, 30 s). */
  sefinTimeoutMs: number
  /** How long the product waits for each of Cora's answers (MOCK_CORA_TIMEOUT_MS, 30 s). */
  coraTimeoutMs: number
  /** Faults the stand-in injects (MOCK_SEFIN_FAULT, stand-ins/sefin-nacional/faults.ts). */
  sefinFaults: string | undefined
  /** The public consultation link of an access key, as the DANFSe's QR code carries it. */
  nfseConsultationUrl: string
  /**
   * The Banco Central's open-data API (SGS), where the monthly Selic is read:
   * MOCK_BANCO_CENTRAL_URL (`https://api.bcb.gov.br` for the real one), or this server's own
   * stand-in (`/banco-central`) when unset.
   */
  bancoCentralUrl: string | null
}

/**
 * A setting or a data folder the server cannot start with. Its message (pt-BR) says what to do;
 * the server prints it and stops, without a stack trace (index.ts).
 */
export class StartupError extends Error {}

/** The shortest signing secret accepted: an HMAC-SHA256 key of less than 32 bytes is weaker. */
export const MIN_SIGNING_SECRET_BYTES = 32

/** The default folder of the vault's key: the user's state folder (XDG Base Directory). */
const defaultVaultKeyDir = (env: NodeJS.ProcessEnv) =>
  path.join(env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state'), 'contabil')

/** A secret given in `name` (32 bytes at least), or null when unset. */
function givenSecret(env: NodeJS.ProcessEnv, name: string, what: string, without: string) {
  const given = env[name]
  if (!given) return null
  const bytes = Buffer.byteLength(given, 'utf8')
  if (bytes < MIN_SIGNING_SECRET_BYTES)
    throw new StartupError(
      `${name} tem ${bytes} bytes: ${what} precisa de pelo menos ${MIN_SIGNING_SECRET_BYTES} ` +
        `bytes (por exemplo, a saída de \`openssl rand -base64 32\`). ${without}`,
    )
  return given
}

/** MOCK_SIGNING_SECRET when set (32 bytes at least), else the data folder's own secret. */
const signingSecretOf = (env: NodeJS.ProcessEnv, dataDir: string): string =>
  givenSecret(
    env,
    'MOCK_SIGNING_SECRET',
    'o segredo que assina os links de arquivos',
    'Sem a variável, o servidor usa o segredo da pasta de dados.',
  ) ?? signingSecretIn(dataDir)

/** A comma-separated list (names, trimmed), or null when it names nothing. */
function namesIn(value: string | undefined) {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names.length > 0 ? names : null
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.MOCK_PORT ?? env.PORT ?? 3000)
  const dataDir = env.MOCK_DATA_DIR ?? path.resolve('.data')
  const environment = (env.MOCK_ENVIRONMENT ?? 'development') as ServerConfig['environment']
  return {
    port,
    hosts: listenHostsOf(env.MOCK_HOST),
    dataDir,
    dataFile: env.MOCK_DATA_FILE ?? path.join(dataDir, 'contabil.db'),
    projectId: env.FIREBASE_PROJECT_ID ?? 'demo-contabil',
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    environment,
    testHooks: env.MOCK_TEST_HOOKS === '1',
    webUrl: env.WEB_URL ?? 'http://localhost:5173',
    publicUrl: env.MOCK_PUBLIC_URL ?? `http://localhost:${port}`,
    filesDir: env.MOCK_FILES_DIR ?? path.join(dataDir, 'files'),
    signingSecret: signingSecretOf(env, dataDir),
    vaultSecret: givenSecret(
      env,
      'MOCK_VAULT_KEY',
      'a chave que guarda os certificados A1',
      'Sem a variável, o servidor usa a chave do usuário, fora da pasta de dados.',
    ),
    vaultKeyDir: env.MOCK_VAULT_KEY_DIR || defaultVaultKeyDir(env),
    testPkiDir: env.MOCK_TEST_PKI_DIR || path.join(dataDir, 'test-pki'),
    sefinUrl: env.MOCK_SEFIN_URL?.replace(/\/$/, '') || null,
    sefinPort: Number(env.MOCK_SEFIN_PORT ?? 3443),
    sefinServerCaFile: env.MOCK_SEFIN_SERVER_CA || null,
    sefinTrustedCertsFile: env.MOCK_SEFIN_TRUSTED_CERTS || null,
    sefinSigner: namesIn(env.MOCK_SEFIN_SIGNER),
    icpBrasilRootsFile: env.MOCK_ICP_BRASIL_ROOTS || null,
    sefinTimeoutMs: Number(env.MOCK_SEFIN_TIMEOUT_MS ?? 30_000),
    coraTimeoutMs: Number(env.MOCK_CORA_TIMEOUT_MS ?? 30_000),
    sefinFaults: env.MOCK_SEFIN_FAULT || undefined,
    nfseConsultationUrl:
      env.MOCK_NFSE_CONSULTATION_URL || 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=',
    bancoCentralUrl: env.MOCK_BANCO_CENTRAL_URL || null,
  }
}
