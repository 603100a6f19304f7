import { createHash, hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { StartupError, type ServerConfig } from './config'
import { dataFolderSecret } from './signing-secret'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files'
import { seal, sealedSchema, unseal } from './vault'

// The key that seals the companies' certificate keys (mock-server/vault.ts) never lies in
// the data folder in the clear, so the folder, a backup or a copy of it holds no usable key:
// - the data folder keeps its own 32 random bytes only wrapped (`certificate-key.sealed`,
//   AES-256-GCM) by a key kept elsewhere;
// - that wrapping key is MOCK_VAULT_KEY when given (32 bytes at least, stretched by HKDF), or else
//   the machine user's own file `certificate-vault-key` (0600) in MOCK_VAULT_KEY_DIR, by default
//   `$XDG_STATE_HOME/contabil` or `~/.local/state/contabil`, drawn at its first use;
// - a data folder from before keeps its key in the clear (`certificate-key`): it is wrapped once,
//   then removed from the folder, so what was sealed with it stays readable.

export type VaultSettings = Pick<ServerConfig, 'dataDir' | 'vaultKeyDir' | 'vaultSecret'>

const WRAPPED_FILE = 'certificate-key.sealed'
/** Where earlier versions kept the data folder's key in the clear. */
export const OLD_KEY_FILE = 'certificate-key'
export const WRAPPING_KEY_FILE = 'certificate-vault-key'
/** 32 bytes in base64url, as signing-secret.ts writes them. */
const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null
    throw error
  }
}

const keyOfText = (text: string | null) =>
  text && KEY_TEXT.test(text) ? Buffer.from(text, 'base64url') : null

const fromSecret = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'contabil', 'certificate-vault', 32))

/** The wrapping key's file in the user's folder, without drawing one. */
const userWrappingKey = (settings: VaultSettings) =>
  keyOfText(readText(path.join(settings.vaultKeyDir, WRAPPING_KEY_FILE)))

/** The wrapping key: MOCK_VAULT_KEY's, or the user's file (drawn, 0600, when `draw`). */
function wrappingKey(settings: VaultSettings, draw: boolean): Buffer | null {
  if (settings.vaultSecret) return fromSecret(settings.vaultSecret)
  if (!draw) return userWrappingKey(settings)
  return Buffer.from(dataFolderSecret(settings.vaultKeyDir, WRAPPING_KEY_FILE), 'base64url')
}

const unwrap = (wrapping: Buffer | null, text: string) => {
  if (!wrapping) return null
  try {
    return keyOfText(unseal(wrapping, sealedSchema.parse(JSON.parse(text))))
  } catch {
    return null
  }
}

/** Writes the wrapped key whole (a new file renamed over the old), 0600. */
function writeWrapped(file: string, wrapping: Buffer, key: Buffer, flag: 'wx' | 'w') {
  const text = `${JSON.stringify(seal(wrapping, key.toString('base64url')))}\n`
  if (flag === 'wx') return writeFileSync(file, text, { mode: PRIVATE_FILE_MODE, flag })
  const next = `${file}.${process.pid}.tmp`
  writeFileSync(next, text, { mode: PRIVATE_FILE_MODE })
  renameSync(next, file)
}

const locked = (settings: VaultSettings) =>
  new StartupError(
    `A chave que abre os certificados A1 desta pasta de dados (${settings.dataDir}) não está ` +
      `aqui: ela fica fora da pasta, em ${path.join(settings.vaultKeyDir, WRAPPING_KEY_FILE)}, ou ` +
      'é a MOCK_VAULT_KEY dada ao servidor. Restaure esse arquivo (ou aponte MOCK_VAULT_KEY_DIR ' +
      'para a pasta dele) ou dê a mesma MOCK_VAULT_KEY de antes. Sem ela, os certificados ' +
      'guardados não podem ser lidos: apague certificate-key.sealed da pasta de dados e envie ' +
      'os certificados de novo.',
  )

const keys = new Map<string, Buffer>()

/**
 * The key that seals the certificates of a data folder: its own, unwrapped with the key kept
 * outside it; drawn (or taken from an older folder's `certificate-key`) and wrapped the first
 * time. Throws a StartupError when the folder's key cannot be unwrapped here.
 */
export function vaultKeyOf(settings: VaultSettings): Buffer {
  const cacheKey = `${settings.dataDir}\0${settings.vaultKeyDir}\0${hash(settings.vaultSecret)}`
  const cached = keys.get(cacheKey)
  if (cached) return cached
  const key = openVault(settings)
  keys.set(cacheKey, key)
  return key
}

const hash = (secret: string | null) =>
  secret ? createHash('sha256').update(secret).digest('base64url') : ''

function openVault(settings: VaultSettings): Buffer {
  const file = path.join(settings.dataDir, WRAPPED_FILE)
  const wrapped = readText(file)
  if (wrapped !== null) {
    const key = unwrap(wrappingKey(settings, false), wrapped)
    if (key) return key
    // MOCK_VAULT_KEY given to a folder wrapped by the user's file: it takes the secret from now on.
    const before = settings.vaultSecret ? unwrap(userWrappingKey(settings), wrapped) : null
    if (!before) throw locked(settings)
    writeWrapped(file, fromSecret(settings.vaultSecret!), before, 'w')
    return before
  }
  const wrapping = wrappingKey(settings, true)!
  const old = path.join(settings.dataDir, OLD_KEY_FILE)
  const key = keyOfText(readText(old)) ?? randomBytes(32)
  mkdirSync(settings.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  try {
    // `wx`: two servers starting on one folder at once keep the first one's key.
    writeWrapped(file, wrapping, key, 'wx')
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    return openVault(settings)
  }
  rmSync(old, { force: true })
  return key
}
