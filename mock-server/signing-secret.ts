import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files'

// The secret that signs file links. A constant in the code would let anyone who read the code
// sign a link to any company's file; so each data folder gets its own, drawn at its first start
// (32 random bytes) and kept there, readable only by its owner. MOCK_SIGNING_SECRET overrides it.
// The key that seals the companies' certificate keys is not: it lives outside the folder
// (vault-key.ts).

const SECRET_FILE = 'signing-secret'
const SECRET_BYTES = 32
/** 32 bytes in base64url, as written by this module. */
const SECRET_TEXT = /^[A-Za-z0-9_-]{43}$/

/**
 * A secret of a data folder kept in `fileName`: read from it, or drawn (32 random bytes) and
 * written (0600) the first time.
 */
export function dataFolderSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName)
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim()
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null
      throw error
    }
  }
  const existing = read()
  if (existing && SECRET_TEXT.test(existing)) return existing
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const secret = randomBytes(SECRET_BYTES).toString('base64url')
  try {
    // `wx`: two servers starting on one folder at once keep the first one's secret.
    writeFileSync(file, `${secret}\n`, {
      mode: PRIVATE_FILE_MODE,
      flag: existing === null ? 'wx' : 'w',
    })
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    const winner = read()
    if (winner && SECRET_TEXT.test(winner)) return winner
    throw error
  }
  return secret
}

/** The secret of a data folder: read from it, or drawn and written (0600) the first time. */
export const signingSecretIn = (dataDir: string): string => dataFolderSecret(dataDir, SECRET_FILE)
