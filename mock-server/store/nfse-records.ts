import { z } from 'zod'
import { certificateInfoSchema } from '../../src/schemas/nfse'
import { sealedSchema } from '../vault'

// What the store keeps for the national NFS-e (mock-server/model.ts): the companies' A1
// certificates (the key sealed by mock-server/vault.ts), each company's DPS
// série and last number, and the Sefin Nacional stand-in's own registry of the NFS-e it issued
// and the events it registered. Each is a zod schema, so a record read from outside the store
// (store/record-schemas.ts) is checked like the others. The store's records are described here,
// in the store, so that the store never reaches into the contexts that write them.

/** A company's A1 certificate: what the API answers, the certificate, the sealed key. */
export const certificateRecordSchema = certificateInfoSchema.extend({
  companyId: z.string(),
  certificatePem: z.string(),
  privateKey: sealedSchema,
  uploadedAt: z.string(),
  /** Who sent it (a user id), or `seed` for the local test PKI's. */
  uploadedBy: z.string(),
})
export type CertificateRecord = z.infer<typeof certificateRecordSchema>

/**
 * A company's DPS numbering (`serie`, `nDPS`): the number of its last DPS the national system
 * accepted. Written in the same transaction as the issuance, so a number is never used twice.
 */
export const dpsSequenceSchema = z.object({
  companyId: z.string(),
  series: z.string(),
  lastNumber: z.number().int().nonnegative(),
})
export type DpsSequence = z.infer<typeof dpsSequenceSchema>

/**
 * A DPS number handed out to a request, recorded (`sending`) before its DPS is sent, so that a
 * lost answer never leaves a number the Sefin used and the product did not: `issued` once its
 * NFS-e is recorded, `released` when the Sefin said it has none (the number is free again).
 */
export const dpsReservationSchema = z.object({
  dpsId: z.string(),
  companyId: z.string(),
  requestId: z.string(),
  series: z.string(),
  number: z.number().int().positive(),
  /** `sending`: in flight; `unconfirmed`: sent, no answer came (the Sefin is to be asked). */
  status: z.enum(['sending', 'unconfirmed', 'issued', 'released']),
  sentAt: z.string(),
  resolvedAt: z.string().nullable(),
  accessKey: z.string().nullable(),
})
export type DpsReservation = z.infer<typeof dpsReservationSchema>

/** An NFS-e the Sefin Nacional stand-in issued. */
export const sefinNfseRecordSchema = z.object({
  accessKey: z.string(),
  dpsId: z.string(),
  providerCnpj: z.string(),
  /** `nNFSe`, per provider. */
  number: z.number().int().positive(),
  /** `nDFSe`, the stand-in's sequence of documents. */
  documentNumber: z.number().int().positive(),
  /**
   * The signed NFS-e, as answered; null for one of the seed's history until it is first asked
   * for (mock-server/seed/nfse.ts `seededNfseXml` draws it then).
   */
  xml: z.string().nullable(),
  status: z.enum(['active', 'cancelled', 'substituted']),
  processedAt: z.string(),
})
export type SefinNfseRecord = z.infer<typeof sefinNfseRecordSchema>

/** An event the Sefin Nacional stand-in registered (a cancellation, e101101). */
export const sefinEventRecordSchema = z.object({
  id: z.string(),
  accessKey: z.string(),
  type: z.string(),
  sequence: z.number().int().positive(),
  documentNumber: z.number().int().positive(),
  xml: z.string(),
  processedAt: z.string(),
})
export type SefinEventRecord = z.infer<typeof sefinEventRecordSchema>
