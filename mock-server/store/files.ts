import { createHmac, timingSafeEqual } from 'node:crypto'
import { existsSync, promises as fs } from 'node:fs'
import path from 'node:path'
import { fileMessages, fileNameSchema } from '../../src/schemas/files'
import type { ServerConfig } from '../config'
import { badRequest, conflict, forbidden } from '../http'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files'

// Signed links for the files of a company (PRODUCT.md "signed upload/download URLs"): an HMAC of
// the method, the company, the file name and the expiry, checked in constant time, with the data
// folder's own secret (signing-secret.ts). The server caps the expiry whatever the link says, and
// an upload link works once, even after its file is deleted (storeOnce). Files live in `config.filesDir/<companyId>/<fileName>`;
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

/**
 * Where the used upload links are noted: one empty file per link, under the company and named by
 * the link's storage key, in a folder of the files folder that no company id can name.
 */
const usedLinkNote = (config: ServerConfig, companyId: string, fileName: string) => {
  const dir = path.join(config.filesDir, '.used-upload-links', companyId)
  return { dir, note: path.join(dir, fileName) }
}

/** 409 when an upload link was used already: its storage key holds a file, or its note is there. */
export function assertNotUploaded(config: ServerConfig, companyId: string, fileName: string) {
  if (
    existsSync(filePath(config, companyId, fileName).file) ||
    existsSync(usedLinkNote(config, companyId, fileName).note)
  )
    throw conflict(fileMessages.linkUsed)
}

/** Notes older than a link can live are of links that no longer work: they go. */
async function dropStaleNotes(dir: string, now: number) {
  const before = now - (LINK_TTL_SECONDS + 60) * 1000
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const note = path.join(dir, name)
    const stat = await fs.stat(note).catch(() => null)
    if (stat && stat.mtimeMs < before) await fs.rm(note, { force: true })
  }
}

/**
 * Stores a fully written temp file as the upload of a link, once. The link is noted as used first
 * (an empty file created only if it is not there, `wx`), then the file is put at its storage key
 * only if nothing is there yet (a hard link never replaces, unlike a rename), and the temp name is
 * dropped. So the second PUT of a link, even one racing the first, or one sent after the file was
 * deleted, is refused (409) and the file stays the one first sent. The note is on disk, so it
 * holds across restarts; it is dropped once the link could no longer work anyway (a link lives
 * LINK_TTL_SECONDS at most). A PUT that failed before this (too large, cut off) does not use up
 * its link.
 */
export async function storeOnce(
  config: ServerConfig,
  companyId: string,
  fileName: string,
  temp: string,
  now = Date.now(),
) {
  const { dir, note } = usedLinkNote(config, companyId, fileName)
  const refusedIfExists = (error: unknown) => {
    if ((error as { code?: string }).code === 'EEXIST') throw conflict(fileMessages.linkUsed)
    throw error
  }
  try {
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
    await fs.writeFile(note, '', { flag: 'wx', mode: PRIVATE_FILE_MODE }).catch(refusedIfExists)
    await fs.link(temp, filePath(config, companyId, fileName).file).catch(refusedIfExists)
  } finally {
    await fs.rm(temp, { force: true })
  }
  await dropStaleNotes(dir, now)
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
