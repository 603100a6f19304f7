import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { dataFolderSecret } from './signing-secret'

// The companies' certificate keys are kept sealed (AES-256-GCM) with the data folder's vault key,
// itself kept outside the folder (vault-key.ts): the data folder alone, a backup or a copy of it,
// never holds a usable key.

/** A sealed text: AES-256-GCM with a random 96-bit nonce, each part in base64. */
export const sealedSchema = z.object({ iv: z.string(), tag: z.string(), data: z.string() })
export type Sealed = z.infer<typeof sealedSchema>

const keys = new Map<string, Buffer>()

/**
 * A key kept in a folder itself (`certificate-key`, 0600), drawn at its first use: only for the
 * local test PKI's folder (stand-ins/sefin-nacional/test-pki.ts), whose certificates chain to the
 * local test CA alone. The companies' keys are sealed with vaultKeyOf (vault-key.ts).
 */
export function folderKeyIn(dir: string): Buffer {
  let key = keys.get(dir)
  if (!key) {
    key = Buffer.from(dataFolderSecret(dir, 'certificate-key'), 'base64url')
    keys.set(dir, key)
  }
  return key
}

export function seal(key: Buffer, text: string): Sealed {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  }
}

/** The text of a sealed value; throws if the key is not the one it was sealed with. */
export function unseal(key: Buffer, sealed: Sealed): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'))
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'))
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.data, 'base64')),
    decipher.final(),
  ]).toString('utf8')
}
