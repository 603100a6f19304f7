import type { CertificateInfo } from '../../src/schemas/nfse'
import type { Sealed } from './vault'

// What the store keeps for the national NFS-e (mock-server/model.ts): the companies' A1
// certificates (the key sealed, vault.ts), each company's DPS série and last number, and the
// Sefin Nacional stand-in's own registry of the NFS-e it issued and the events it registered.

/** A company's A1 certificate: what the API answers, the certificate, the sealed key. */
export type CertificateRecord = CertificateInfo & {
  companyId: string
  certificatePem: string
  privateKey: Sealed
  uploadedAt: string
  /** Who sent it (a user id), or `seed` for the local test PKI's. */
  uploadedBy: string
}

/**
 * A company's DPS numbering (`serie`, `nDPS`): the number of its last DPS the national system
 * accepted. Written in the same transaction as the issuance, so a number is never used twice.
 */
export type DpsSequence = { companyId: string; series: string; lastNumber: number }

/** An NFS-e the Sefin Nacional stand-in issued. */
export type SefinNfseRecord = {
  accessKey: string
  dpsId: string
  providerCnpj: string
  /** `nNFSe`, per provider. */
  number: number
  /** `nDFSe`, the stand-in's sequence of documents. */
  documentNumber: number
  /** The signed NFS-e, as answered. */
  xml: string
  status: 'active' | 'cancelled'
  processedAt: string
}

/** An event the Sefin Nacional stand-in registered (a cancellation, e101101). */
export type SefinEventRecord = {
  id: string
  accessKey: string
  type: string
  sequence: number
  documentNumber: number
  xml: string
  processedAt: string
}
