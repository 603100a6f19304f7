import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  promises as fs,
  readdirSync,
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fileMessages, fileNameSchema } from '../../src/schemas/files'
import type { ServerConfig } from '../config'
import { badRequest, conflict, forbidden } from '../http'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files'

// Signed links for the files of a company (PRODUCT.md "signed upload/download URLs"): an HMAC of
// the method, the company, the file name and the expiry, checked in constant time, with the data
// folder's own secret (signing-secret.ts). The server caps the expiry whatever the link says, and
// an upload link works once (storeOnce). Files live in `config.filesDir/<companyId>/<fileName>`;
// names are checked so they never leave that folder.

/** How long a signed link works, at most: a link claiming a later expiry is refused. */
export const LINK_TTL_SECONDS = 15 * 60

const companyIdPattern = /^[a-z0-9][a-z0-9-]{0,63}$/

export type SignedAction = 'PUT' | 'GET'

const signature = (
  secret: string,
  action: SignedAction,
  companyId: string,
  fileName: string,
  expires: number,
) =>
  createHmac('sha256', secret)
    .update(`${action}\n${companyId}\n${fileName}\n${expires}`)
    .digest('base64url')

/** The path of a signed link, `/files/<company>/<name>?expires=…&signature=…`. */
export function signedPath(
  secret: string,
  action: SignedAction,
  companyId: string,
  fileName: string,
  expires: number,
) {
  const sig = signature(secret, action, companyId, fileName, expires)
  return `/files/${encodeURIComponent(companyId)}/${encodeURIComponent(fileName)}?expires=${expires}&signature=${sig}`
}

/** A link for `action` on a company's file, valid for `LINK_TTL_SECONDS`. */
export function signedLink(
  config: ServerConfig,
  action: SignedAction,
  companyId: string,
  fileName: string,
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + LINK_TTL_SECONDS
  return {
    url: `${config.publicUrl}${signedPath(config.signingSecret, action, companyId, fileName, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  }
}

/** 403 unless the link's signature is right for this request and it has not expired. */
export function verifySignedLink(
  config: ServerConfig,
  action: SignedAction,
  companyId: string,
  fileName: string,
  query: Record<string, unknown>,
  now = Date.now(),
) {
  const expires =
    typeof query.expires === 'string' && /^\d{1,12}$/.test(query.expires)
      ? Number(query.expires)
      : NaN
  const given = typeof query.signature === 'string' ? query.signature : ''
  if (!Number.isFinite(expires) || !given) throw forbidden(fileMessages.linkInvalid)
  const expected = Buffer.from(
    signature(config.signingSecret, action, companyId, fileName, expires),
  )
  const received = Buffer.from(given)
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    throw forbidden(fileMessages.linkInvalid)
  if (expires * 1000 < now) throw forbidden(fileMessages.linkExpired)
  // Only this server signs, and never for longer: a later expiry means a leaked or forged key.
  if (expires * 1000 > now + LINK_TTL_SECONDS * 1000) throw forbidden(fileMessages.linkInvalid)
}

/** 409 when an upload link was used already: its storage key holds a file. */
export function assertNotUploaded(file: string) {
  if (existsSync(file)) throw conflict(fileMessages.linkUsed)
}

/**
 * Puts a fully written temp file at `file` only if nothing is there yet (a hard link never
 * replaces, unlike a rename), then drops the temp name. Every upload link names a storage key of
 * its own, so a key that holds a file means the link was used: the second PUT of a link, even one
 * racing the first, is refused (409) and the file stays the one first sent. No state beyond the
 * file itself, so it holds across restarts.
 */
export async function storeOnce(temp: string, file: string) {
  try {
    await fs.link(temp, file)
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') throw conflict(fileMessages.linkUsed)
    throw error
  } finally {
    await fs.rm(temp, { force: true })
  }
}

/** A file name from the URL, checked (400 for anything that could leave the company's folder). */
export function checkedFileName(raw: unknown): string {
  const result = fileNameSchema.safeParse(raw)
  if (!result.success)
    throw badRequest(fileMessages.fileNameInvalid, [
      { path: ['filename'], message: fileMessages.fileNameInvalid },
    ])
  return result.data
}

/** The folder of a company's files, and a file in it (never outside it). */
export function filePath(config: ServerConfig, companyId: string, fileName: string) {
  if (!companyIdPattern.test(companyId)) throw badRequest('Empresa inválida.')
  const root = path.resolve(config.filesDir)
  const dir = path.join(root, companyId)
  const file = path.join(dir, fileName)
  if (path.dirname(file) !== dir || !dir.startsWith(root + path.sep))
    throw badRequest(fileMessages.fileNameInvalid)
  return { dir, file }
}

/**
 * Copies the fixture files (guides, receipts, CNPJ cards) into the files folder, keeping what is
 * there. The copies are private like every file of the data folder (a copy would keep the
 * fixture's own mode, readable by all).
 */
export function seedFiles(config: ServerConfig) {
  const source = fileURLToPath(new URL('../../fixtures/files', import.meta.url))
  if (!existsSync(source)) return
  for (const companyId of readdirSync(source)) {
    const target = path.join(config.filesDir, companyId)
    mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE })
    for (const name of readdirSync(path.join(source, companyId))) {
      const copy = path.join(target, name)
      if (existsSync(copy)) continue
      copyFileSync(path.join(source, companyId, name), copy)
      chmodSync(copy, PRIVATE_FILE_MODE)
    }
  }
}

const types: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.ofx': 'application/x-ofx',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export const contentTypeOf = (fileName: string) =>
  types[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream'
