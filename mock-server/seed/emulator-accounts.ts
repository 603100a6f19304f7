import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { claimsOf } from '../../src/schemas/claims'
import { loadAccounts } from './core'

/**
 * Every fixture account (the demo accounts and the other users of the fixtures) in the Auth
 * emulator's import format (users with `rawPassword`).
 */
export function emulatorUsers() {
  return loadAccounts().map((account) => {
    const createdAt = String(Date.parse(account.createdAt))
    return {
      localId: account.uid,
      email: account.email,
      emailVerified: true,
      rawPassword: account.password,
      displayName: account.name,
      phoneNumber: `+${account.phone.replace(/\D/g, '')}`,
      createdAt,
      lastLoginAt: createdAt,
      customAttributes: JSON.stringify(claimsOf(account)),
      providerUserInfo: [],
    }
  })
}

/** Writes an `--import` folder for `firebase emulators:start`. */
export function writeEmulatorImport(dir: string) {
  mkdirSync(path.join(dir, 'auth_export'), { recursive: true })
  writeFileSync(
    path.join(dir, 'firebase-export-metadata.json'),
    JSON.stringify(
      { version: '15.0.0', auth: { version: '15.0.0', path: 'auth_export' } },
      null,
      2,
    ),
  )
  writeFileSync(
    path.join(dir, 'auth_export', 'accounts.json'),
    JSON.stringify(
      { kind: 'identitytoolkit#DownloadAccountResponse', users: emulatorUsers() },
      null,
      2,
    ),
  )
  writeFileSync(
    path.join(dir, 'auth_export', 'config.json'),
    JSON.stringify({ signIn: { allowDuplicateEmails: false } }, null, 2),
  )
}

/** Wipes the emulator's accounts and loads the demo accounts again (reset between tests). */
export async function resetEmulatorAccounts(host: string, projectId: string) {
  const base = `http://${host}`
  const headers = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }
  const wipe = await fetch(`${base}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
    headers,
  })
  if (!wipe.ok) throw new Error(`Auth emulator wipe failed: ${wipe.status}`)
  const create = await fetch(
    `${base}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`,
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ users: emulatorUsers() }),
    },
  )
  if (!create.ok)
    throw new Error(`Auth emulator seed failed: ${create.status} ${await create.text()}`)
}
