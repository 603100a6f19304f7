import { randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readConfig, StartupError } from '../../mock-server/config'
import { seal, unseal } from '../../mock-server/vault'
import { dataFolderSecret } from '../../mock-server/signing-secret'
import { OLD_KEY_FILE, vaultKeyOf, WRAPPING_KEY_FILE } from '../../mock-server/vault-key'
import { startTestServer, type TestServer } from './harness'

// The key that seals the companies' certificate keys lives outside the data folder
// (mock-server/vault-key.ts): a copy of the folder opens no certificate, MOCK_VAULT_KEY opens it
// wherever it is given, and a folder of an earlier version (its key in the clear in it) is moved
// out once. Every folder here is a temporary one: nothing is written to the user's home.

const dirs: string[] = []
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `contabil-vault-${name}-`))
  dirs.push(dir)
  return dir
}

let server: TestServer
let keyDir: string
beforeAll(async () => {
  keyDir = tempDir('key')
  server = await startTestServer({ vaultKeyDir: keyDir, vaultSecret: null })
})
afterAll(async () => {
  await server.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A seeded company's certificate record, its private key sealed by the server's vault. */
const sealedKey = () => server.store.certificates.get('cmp-ana-design')!.privateKey

/** A copy of the server's data folder, as a backup of it would be. */
const copyOfData = (name: string) => {
  const copy = tempDir(name)
  cpSync(server.config.dataDir, copy, { recursive: true })
  return copy
}

describe('the certificates vault', () => {
  it('keeps its key outside the data folder: a copy of the folder without it opens nothing', () => {
    const own = { dataDir: server.config.dataDir, vaultKeyDir: keyDir, vaultSecret: null }
    expect(unseal(vaultKeyOf(own), sealedKey())).toContain('PRIVATE KEY')
    const wrappingKey = readFileSync(path.join(keyDir, WRAPPING_KEY_FILE), 'utf8').trim()
    expect(statSync(path.join(keyDir, WRAPPING_KEY_FILE)).mode & 0o777).toBe(0o600)

    const copy = copyOfData('copy')
    const names = readdirSync(copy, { recursive: true }) as string[]
    expect(names).toContain('certificate-key.sealed')
    expect(names).not.toContain(OLD_KEY_FILE)
    // No file of the folder holds the key outside it.
    for (const name of names) {
      const file = path.join(copy, name)
      if (statSync(file).isFile()) expect(readFileSync(file, 'latin1')).not.toContain(wrappingKey)
    }

    // Elsewhere (another user, another machine): refused with what to do, no key drawn there.
    const elsewhere = tempDir('elsewhere')
    const open = () => vaultKeyOf({ dataDir: copy, vaultKeyDir: elsewhere, vaultSecret: null })
    expect(open).toThrow(StartupError)
    expect(open).toThrow(/não está aqui: .*certificate-vault-key.*MOCK_VAULT_KEY/)
    expect(readdirSync(elsewhere)).toEqual([])
    // A key of that other place does not open what was sealed here.
    const fresh = vaultKeyOf({
      dataDir: tempDir('fresh'),
      vaultKeyDir: elsewhere,
      vaultSecret: null,
    })
    expect(() => unseal(fresh, sealedKey())).toThrow()
  })

  it('MOCK_VAULT_KEY opens it wherever it is given, and from then on only it does', () => {
    const secret = randomBytes(32).toString('base64')
    const copy = copyOfData('secret')
    // Given to a folder wrapped by the user's key (here, where that key is): it takes over.
    const withSecret = vaultKeyOf({ dataDir: copy, vaultKeyDir: keyDir, vaultSecret: secret })
    expect(unseal(withSecret, sealedKey())).toContain('PRIVATE KEY')
    // The folder elsewhere, with only the secret: opens.
    const elsewhere = tempDir('secret-elsewhere')
    const there = vaultKeyOf({ dataDir: copy, vaultKeyDir: elsewhere, vaultSecret: secret })
    expect(unseal(there, sealedKey())).toContain('PRIVATE KEY')
    // Without it (the user's key alone) or with another secret: refused.
    const againDir = tempDir('again')
    cpSync(copy, againDir, { recursive: true })
    expect(() => vaultKeyOf({ dataDir: againDir, vaultKeyDir: keyDir, vaultSecret: null })).toThrow(
      StartupError,
    )
    const other = randomBytes(32).toString('base64')
    expect(() =>
      vaultKeyOf({ dataDir: againDir, vaultKeyDir: elsewhere, vaultSecret: other }),
    ).toThrow(StartupError)
    // A short secret is refused at the start, as the link-signing one is.
    expect(() => readConfig({ MOCK_DATA_DIR: copy, MOCK_VAULT_KEY: 'curta' })).toThrow(
      /MOCK_VAULT_KEY tem 5 bytes: .* pelo menos 32 bytes/,
    )
    expect(readConfig({ MOCK_DATA_DIR: copy, MOCK_VAULT_KEY: secret }).vaultSecret).toBe(secret)
  })

  it('moves the key of an earlier version out of the data folder once; what it sealed still opens', () => {
    const dataDir = tempDir('old')
    // An earlier version's folder: its key in the clear in it (as signing-secret.ts writes it).
    const old = Buffer.from(dataFolderSecret(dataDir, OLD_KEY_FILE), 'base64url')
    const sealed = seal(old, '-----BEGIN PRIVATE KEY-----\nantiga\n-----END PRIVATE KEY-----')
    const userDir = tempDir('old-user')
    const key = vaultKeyOf({ dataDir, vaultKeyDir: userDir, vaultSecret: null })
    expect(key.equals(old)).toBe(true)
    expect(unseal(key, sealed)).toContain('antiga')
    expect(existsSync(path.join(dataDir, OLD_KEY_FILE))).toBe(false)
    expect(statSync(path.join(dataDir, 'certificate-key.sealed')).mode & 0o777).toBe(0o600)
    expect(statSync(path.join(userDir, WRAPPING_KEY_FILE)).mode & 0o777).toBe(0o600)
    // Opened again (another process, nothing cached): the same key, from outside the folder.
    const copy = tempDir('old-copy')
    cpSync(dataDir, copy, { recursive: true })
    expect(
      unseal(vaultKeyOf({ dataDir: copy, vaultKeyDir: userDir, vaultSecret: null }), sealed),
    ).toContain('antiga')
  })
})
