import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, promises as fs, statSync } from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { z } from 'zod'
import { recordOf } from '../../src/schemas/common'
import { companyQuerySchema } from '../../src/schemas/company'
import {
  downloadLinkSchema,
  fileDisplayName,
  fileMessages,
  MAX_UPLOAD_BYTES,
  storageKeyOf,
  storedFileSchema,
  uploadLinkSchema,
  type StoredFile,
} from '../../src/schemas/files'
import { endpoint, type Call } from '../api'
import {
  assertNotUploaded,
  checkedFileName,
  contentTypeOf,
  filePath,
  signedLink,
  storeOnce,
  verifySignedLink,
} from '../store/files'
import { findCompany } from '../domain/companies/company-records'
import { HttpError, notFound } from '../http'
import { renderGuideFile } from '../domain/simples/guides'

// Files of a company (PRODUCT.md "Signed upload/download URLs"): the API hands out short-lived
// signed links, and the files themselves go through `/files/{companyId}/{filename}` with the
// signature — up to 10 MB, never outside the company's folder. Every upload link names a storage
// key of its own (the user's name with a token, `storageKeyOf`), which the PUT answers as
// `fileName` and a document registers; a download is called by the user's name.

const tooLarge = () => new HttpError(413, fileMessages.tooLarge)

type FileParams = { params: { filename: string } }
type SignedParams = { params: { companyId: string; filename: string } }

/** A signed link to upload a file, under a storage key of its own (same name: another file). */
function uploadLink({ config, companyId, params }: Call<FileParams>) {
  const fileName = checkedFileName(params.filename)
  const key = storageKeyOf(fileName, randomBytes(6).toString('hex'))
  return {
    data: {
      ...signedLink(config, 'PUT', companyId, key),
      method: 'PUT',
      maxBytes: MAX_UPLOAD_BYTES,
      fileName: key,
    },
  }
}

/**
 * A signed link to download a file of the company. A guide the product issued has its PDF made
 * the first time it is asked for (mock-server/domain/simples/guides.ts).
 */
async function downloadLink({ store, config, companyId, params }: Call<FileParams>) {
  const fileName = checkedFileName(params.filename)
  if (
    !existsSync(filePath(config, companyId, fileName).file) &&
    !(await renderGuideFile(store, config, companyId, fileName))
  )
    throw notFound(fileMessages.notFound)
  return { data: signedLink(config, 'GET', companyId, fileName) }
}

/**
 * The upload target: the body streamed to a temp file, fsynced, then linked into place once (an
 * upload link works once: 409 when its key holds a file already).
 */
async function receiveFile({ store, config, params, req, res }: Call<SignedParams>) {
  const { companyId } = params
  const fileName = checkedFileName(params.filename)
  verifySignedLink(config, 'PUT', companyId, fileName, req.query)
  findCompany(store, companyId)
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > MAX_UPLOAD_BYTES) {
    res.setHeader('Connection', 'close')
    throw tooLarge()
  }
  const { dir } = filePath(config, companyId, fileName)
  assertNotUploaded(config, companyId, fileName)
  await fs.mkdir(dir, { recursive: true })
  const temp = path.join(dir, `.upload-${randomUUID()}`)
  let size = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done(size > MAX_UPLOAD_BYTES ? tooLarge() : null, chunk)
    },
  })
  try {
    await pipeline(req, limit, createWriteStream(temp))
    // Durable before it is acknowledged.
    const written = await fs.open(temp, 'r+')
    await written.sync().finally(() => written.close())
  } catch (error) {
    await fs.rm(temp, { force: true })
    if (error instanceof HttpError) res.setHeader('Connection', 'close')
    throw error
  }
  await storeOnce(config, companyId, fileName, temp)
  const stored: StoredFile = {
    companyId,
    fileName,
    size,
    contentType: contentTypeOf(fileName),
    uploadedAt: new Date().toISOString(),
  }
  return { data: stored }
}

/** The download target, called by the user's name of the file. */
function sendFile({ config, params, req, res }: Call<SignedParams>) {
  const { companyId } = params
  const fileName = checkedFileName(params.filename)
  verifySignedLink(config, 'GET', companyId, fileName, req.query)
  const { file } = filePath(config, companyId, fileName)
  if (!existsSync(file)) throw notFound(fileMessages.notFound)
  res.setHeader('Content-Type', contentTypeOf(fileName))
  res.setHeader('Content-Length', String(statSync(file).size))
  res.setHeader(
    'Content-Disposition',
    `attachment; filename*=UTF-8''${encodeURIComponent(fileDisplayName(fileName))}`,
  )
  return pipeline(createReadStream(file), res)
}

const fileParams = z.object({ filename: z.string() })
const signedParams = z.object({ companyId: z.string(), filename: z.string() })
const signature = z.object({ expires: z.string().optional(), signature: z.string().optional() })

export const fileEndpoints = [
  endpoint({
    method: 'GET',
    path: '/upload/{filename}',
    summary: 'A signed upload link (under a storage key of its own).',
    access: 'company',
    params: fileParams,
    query: companyQuerySchema,
    answers: { 200: recordOf(uploadLinkSchema) },
    errors: [404],
    handler: uploadLink,
  }),
  endpoint({
    method: 'GET',
    path: '/download/{filename}',
    summary: 'A signed download link.',
    access: 'company',
    params: fileParams,
    query: companyQuerySchema,
    answers: { 200: recordOf(downloadLinkSchema) },
    errors: [404],
    handler: downloadLink,
  }),
  endpoint({
    method: 'PUT',
    path: '/files/{companyId}/{filename}',
    summary: 'The upload target (size limit, expiry, no traversal).',
    access: 'signed-link',
    params: signedParams,
    query: signature,
    rawBody: true,
    answers: { 201: recordOf(storedFileSchema) },
    errors: [404, 409, 413],
    messages: { 409: fileMessages.linkUsed },
    handler: receiveFile,
  }),
  endpoint({
    method: 'GET',
    path: '/files/{companyId}/{filename}',
    summary: 'The download target.',
    access: 'signed-link',
    params: signedParams,
    query: signature,
    answers: { 200: { media: 'file' } },
    errors: [404],
    handler: sendFile,
  }),
]
