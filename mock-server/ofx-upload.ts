import type { NextFunction, Request, RequestHandler } from 'express'
import multer from 'multer'
import { OFX_MAX_BYTES, ofxMessages } from '../src/schemas/bank'
import { badRequest, HttpError } from './http'

/** Room for the multipart envelope around the file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: OFX_MAX_BYTES, files: 1, fields: 10 },
}).single('file')

/** Past this much, a refused body is no longer read to its end: the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024

/**
 * Answers a refusal once the client has finished sending: closing the connection under a client
 * that is still writing makes it fail with a reset instead of reading the answer. Reading and
 * throwing away the rest is cheap; a body past DRAIN_LIMIT is cut off.
 */
function refuseAfterBody(req: Request, next: NextFunction, error: HttpError) {
  let read = 0
  req.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > DRAIN_LIMIT) req.destroy()
  })
  req.once('end', () => next(error))
  req.resume()
}

/**
 * Reads the `file` field of an OFX upload into `req.file`, up to OFX_MAX_BYTES; multer's errors
 * as the API's own (413 too large, 400 anything else). A body that declares more than the limit
 * is refused without parsing it.
 */
export const ofxUpload: RequestHandler = (req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > OFX_MAX_BYTES + MULTIPART_OVERHEAD)
    return refuseAfterBody(req, next, new HttpError(413, ofxMessages.tooLarge))
  upload(req, res, (error: unknown) => {
    if (!error) return next()
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, ofxMessages.tooLarge))
      return next(badRequest('Envie um único arquivo OFX no campo "file".'))
    }
    next(badRequest('Não foi possível ler o envio do arquivo (multipart/form-data).'))
  })
}
