import type { RequestHandler } from 'express'
import multer from 'multer'
import { z } from 'zod'
import { idSchema, recordOf } from '../../src/schemas/common'
import {
  CERTIFICATE_EXTENSIONS,
  CERTIFICATE_MAX_BYTES,
  certificateInfoSchema,
  certificateUploadSchema,
  type CertificateInfo,
} from '../../src/schemas/nfse'
import { endpoint, type Call } from '../api'
import { badRequest, conflict, HttpError, notFound, parse } from '../http'
import type { CertificateRecord } from '../store/nfse-records'
import { seal } from '../vault'
import { vaultKeyOf } from '../vault-key'

// A company's A1 certificate (ICP-Brasil e-CNPJ: a PKCS#12 file and its password), which signs
// its DPS and cancellations: sent by the company's admin or a system admin, read in the NFS-e
// worker (refused in pt-BR when the password is wrong, it expired, its CNPJ is not the company's
// or its key is not RSA), kept with the key sealed by the data folder's key. Answers never carry
// the key. The `/companies/{id}/certificate` endpoints, in a file of their own.

export const certificateMessages = {
  missing: 'Envie o arquivo do certificado A1 (.pfx ou .p12).',
  extension: 'O certificado A1 é um arquivo .pfx ou .p12.',
  tooLarge: 'O arquivo é grande demais para um certificado A1 (até 64 KB).',
  noCnpj: 'A empresa ainda não tem CNPJ: conclua a abertura antes de enviar o certificado.',
  none: 'A empresa não tem certificado digital.',
} as const

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 1, fieldSize: 1024 },
}).single('file')

/** Reads the `file` and `password` parts; too large is a 413. */
const readCertificate: RequestHandler = (req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > CERTIFICATE_MAX_BYTES + 16 * 1024)
    return next(new HttpError(413, certificateMessages.tooLarge))
  upload(req, res, (error: unknown) => {
    if (!error) return next()
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, certificateMessages.tooLarge))
    next(
      badRequest(certificateMessages.missing, [
        { path: ['file'], message: certificateMessages.missing },
      ]),
    )
  })
}

const infoOf = (record: CertificateRecord): CertificateInfo => ({
  subject: record.subject,
  cnpj: record.cnpj,
  issuer: record.issuer,
  serialNumber: record.serialNumber,
  notBefore: record.notBefore,
  notAfter: record.notAfter,
})

type CertificateCall = Call<{ params: { id: string } }>

/** `PUT`: reads, checks and keeps the company's certificate (replacing the one it had). */
async function putCertificate({
  store,
  config,
  nfse,
  sefin,
  caller,
  company,
  req,
}: CertificateCall) {
  const file = req.file
  if (!file)
    throw badRequest(certificateMessages.missing, [
      { path: ['file'], message: certificateMessages.missing },
    ])
  const name = file.originalname.toLowerCase()
  if (!CERTIFICATE_EXTENSIONS.some((extension) => name.endsWith(extension)))
    throw badRequest(certificateMessages.extension, [
      { path: ['file'], message: certificateMessages.extension },
    ])
  const { password } = parse(certificateUploadSchema, req.body ?? {})
  if (!company.cnpj) throw conflict(certificateMessages.noCnpj)
  const read = await nfse.run({
    kind: 'read-a1',
    file: new Uint8Array(file.buffer),
    password,
    cnpj: company.cnpj,
    anchors: sefin.a1Anchors(),
  })
  if ('refused' in read) throw badRequest(read.refused.message, read.refused.issues)
  const record: CertificateRecord = {
    ...read.facts,
    companyId: company.id,
    certificatePem: read.certificatePem,
    privateKey: seal(vaultKeyOf(config), read.privateKeyPem),
    uploadedAt: new Date().toISOString(),
    uploadedBy: caller.uid,
  }
  store.write(() => store.certificates.put(record))
  return { data: infoOf(record) }
}

/** `GET`: the company's certificate (without its key), or null when it has none. */
function getCertificate({ store, company }: CertificateCall) {
  const record = store.certificates.get(company.id)
  return { data: record ? infoOf(record) : null }
}

/** `DELETE`: removes the company's certificate (it can no longer issue until it sends another). */
function deleteCertificate({ store, company, res }: CertificateCall) {
  store.write(() => {
    if (!store.certificates.remove(company.id)) throw notFound(certificateMessages.none)
  })
  res.status(204)
}

const companyParams = z.object({ id: idSchema })

export const certificateEndpoints = [
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/certificate',
    summary:
      "The company's A1 certificate (multipart `file` .pfx/.p12 and `password`); answers it without its key.",
    access: 'company',
    company: 'params.id',
    params: companyParams,
    multipart: { field: 'file', read: readCertificate },
    body: certificateUploadSchema,
    bodyParsedBy: 'handler',
    answers: { 200: recordOf(certificateInfoSchema) },
    errors: [404, 409, 413],
    messages: { 409: certificateMessages.noCnpj },
    handler: putCertificate,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/certificate',
    summary: "The company's A1 certificate (subject, CNPJ, issuer, serial, validity) or null.",
    access: 'company',
    company: 'params.id',
    params: companyParams,
    answers: { 200: recordOf(certificateInfoSchema.nullable()) },
    errors: [404],
    handler: getCertificate,
  }),
  endpoint({
    method: 'DELETE',
    path: '/companies/{id}/certificate',
    summary: "Removes the company's A1 certificate.",
    access: 'company',
    company: 'params.id',
    params: companyParams,
    answers: { 204: null },
    errors: [404],
    handler: deleteCertificate,
  }),
]
