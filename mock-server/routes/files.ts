import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, promises as fs, statSync } from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Router, type Request } from 'express'
import { companyQuerySchema } from '../../src/schemas/company'
import {
  fileDisplayName,
  fileMessages,
  MAX_UPLOAD_BYTES,
  storageKeyOf,
  type StoredFile,
} from '../../src/schemas/files'
import { assertCompanyAccess, callerOf } from '../auth'
import {
  assertNotUploaded,
  checkedFileName,
  contentTypeOf,
  filePath,
  seedFiles,
  signedLink,
  storeOnce,
  verifySignedLink,
} from '../core/files'
import { findCompany } from '../core/state'
import type { RouteModule } from '../deps'
import { handle, HttpError, notFound, parse } from '../http'

const tooLarge = () => new HttpError(413, fileMessages.tooLarge)

/**
 * Files of a company (PRODUCT.md "Signed upload/download URLs"): the API hands out short-lived
 * signed links, and the files themselves go through `/files/{companyId}/{name}` with the
 * signature — up to 10 MB, never outside the company's folder. Every upload link names a storage
 * key of its own (the user's name with a token, `storageKeyOf`), which the PUT answers as
 * `fileName` and a document registers; a download is called by the user's name.
 */
export const filesRoutes: RouteModule = {
  createRaw: ({ store, config }) => {
    const router = Router()
    router.put(
      '/files/:companyId/:fileName',
      handle(async (req, res) => {
        const companyId = req.params.companyId ?? ''
        const fileName = checkedFileName(req.params.fileName)
        verifySignedLink(config, 'PUT', companyId, fileName, req.query)
        findCompany(store, companyId)
        const declared = Number(req.headers['content-length'] ?? 0)
        if (declared > MAX_UPLOAD_BYTES) {
          res.setHeader('Connection', 'close')
          throw tooLarge()
        }
        const { dir, file } = filePath(config, companyId, fileName)
        assertNotUploaded(file)
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
        await storeOnce(temp, file)
        const stored: StoredFile = {
          companyId,
          fileName,
          size,
          contentType: contentTypeOf(fileName),
          uploadedAt: new Date().toISOString(),
        }
        res.status(201)
        return { data: stored }
      }),
    )
    return router
  },

  create: ({ store, auth, config }) => {
    const router = Router()
    seedFiles(config)

    const target = (req: Request) => {
      const fileName = checkedFileName(req.params.filename)
      const { companyId } = parse(companyQuerySchema, req.query)
      const company = findCompany(store, assertCompanyAccess(callerOf(req), companyId))
      return { company, fileName, ...filePath(config, company.id, fileName) }
    }

    router.get(
      '/upload/:filename',
      auth.authenticate,
      handle((req) => {
        const { company, fileName } = target(req)
        // A key of its own for every upload: a second file with the same name is a second file.
        const key = storageKeyOf(fileName, randomBytes(6).toString('hex'))
        return {
          data: {
            ...signedLink(config, 'PUT', company.id, key),
            method: 'PUT',
            maxBytes: MAX_UPLOAD_BYTES,
            fileName: key,
          },
        }
      }),
    )

    router.get(
      '/download/:filename',
      auth.authenticate,
      handle((req) => {
        const { company, fileName, file } = target(req)
        if (!existsSync(file)) throw notFound(fileMessages.notFound)
        return { data: signedLink(config, 'GET', company.id, fileName) }
      }),
    )

    router.get(
      '/files/:companyId/:fileName',
      handle((req, res) => {
        const companyId = req.params.companyId ?? ''
        const fileName = checkedFileName(req.params.fileName)
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
      }),
    )

    return router
  },
}
