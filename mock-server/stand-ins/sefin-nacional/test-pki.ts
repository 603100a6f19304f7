import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../private-files'
import {
  authoritySubject,
  buildCertificateAuthority,
  buildCompanyCertificate,
  buildServerCertificate,
  certificateFacts,
  isServerCertificate,
  rsaKeyPairAsync,
  type CertificatePems,
  type Issuer,
  type KeyPair,
} from '../../formats/nfse/certificates'
import { folderKeyIn, seal, sealedSchema, unseal } from '../../vault'

// The local test PKI: a certificate authority drawn on this machine (never a real one, never in
// the repository), the Sefin Nacional stand-in's own certificate and an e-CNPJ A1 for each seeded
// company, all issued by it. Drawn once per folder (`<data>/test-pki`, or MOCK_TEST_PKI_DIR, which
// the test suites share so that the many reseeds and servers of a run draw no new RSA keys) and
// kept there with the keys sealed by the folder's own key (mock-server/vault.ts, folderKeyIn).

const FILE = 'pki.json'
const DAY_MS = 86_400_000
/** A holder's certificate about to expire (within 60 days) is issued again. */
const RENEW_WITHIN_MS = 60 * DAY_MS

const sealedPemsSchema = z.object({ certificatePem: z.string(), privateKey: sealedSchema })
const pkiFileSchema = z.object({
  ca: sealedPemsSchema,
  standIn: sealedPemsSchema,
  holders: z.record(z.string(), sealedPemsSchema),
})
type PkiFile = z.infer<typeof pkiFileSchema>

export type PkiHolder = { id: string; name: string; cnpj: string }

const CA_NAME = 'AC Contabil Teste Local'

/** The stand-in's certificate holder: the national system, with a fictitious CNPJ. */
export const STAND_IN_HOLDER = {
  name: 'SEFIN NACIONAL NFS-E HOMOLOGACAO LOCAL',
  cnpj: '00394460005887',
}

const sealPems = (key: Buffer, pems: CertificatePems) => ({
  certificatePem: pems.certificatePem,
  privateKey: seal(key, pems.privateKeyPem),
})
const unsealPems = (key: Buffer, sealed: z.infer<typeof sealedPemsSchema>): CertificatePems => ({
  certificatePem: sealed.certificatePem,
  privateKeyPem: unseal(key, sealed.privateKey),
})

function readFile(file: string): PkiFile | null {
  if (!existsSync(file)) return null
  const parsed = pkiFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  return parsed.success ? parsed.data : null
}

/** Writes the file through a temp name: `link` when there is none (the first writer wins). */
function writeFile(file: string, content: PkiFile, replace: boolean) {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(temp, JSON.stringify(content), { mode: PRIVATE_FILE_MODE })
  try {
    if (replace) renameSync(temp, file)
    else linkSync(temp, file)
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
  } finally {
    rmSync(temp, { force: true })
  }
}

export type TestPki = {
  ca: Issuer
  /** The Sefin Nacional stand-in's certificate (it signs the NFS-e and events it issues). */
  standIn: CertificatePems
  /**
   * The e-CNPJ of a holder (an existing one reused while it is valid for 60 days more); a new one
   * with `keys` when given, else with a key drawn now.
   */
  certificateOf(holder: PkiHolder, keys?: KeyPair): CertificatePems
  /** Whether the holder has a certificate to reuse (no key to draw). */
  has(holder: PkiHolder): boolean
}

const opened = new Map<string, TestPki>()

/** The test PKI kept in `dir`: read from it, or drawn (CA and stand-in) the first time. */
export function testPki(dir: string, now: Date = new Date(), keys?: [KeyPair, KeyPair]): TestPki {
  const known = opened.get(dir)
  if (known) return known
  const pki = openPki(dir, now, keys)
  opened.set(dir, pki)
  return pki
}

/**
 * The same, with every key it lacks for these holders drawn in the thread pool: a test suite's
 * setup prepares the PKI so that no server of the run blocks its event loop drawing RSA keys.
 */
export async function prepareTestPki(dir: string, holders: PkiHolder[], now: Date = new Date()) {
  const known = opened.get(dir)
  const pki =
    known ??
    testPki(
      dir,
      now,
      readFile(path.join(dir, FILE)) ? undefined : ((await keyPairs(2)) as [KeyPair, KeyPair]),
    )
  const missing = holders.filter((holder) => !pki.has(holder))
  const keys = await keyPairs(missing.length)
  missing.forEach((holder, i) => pki.certificateOf(holder, keys[i]))
  return pki
}

const keyPairs = (count: number) => Promise.all(Array.from({ length: count }, rsaKeyPairAsync))

function openPki(dir: string, now: Date, keys?: [KeyPair, KeyPair]): TestPki {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  const key = folderKeyIn(dir)
  const file = path.join(dir, FILE)
  const usable = (stored: PkiFile | null) => {
    if (!stored) return null
    try {
      const standIn = unsealPems(key, stored.standIn)
      // A folder from before the stand-in served TLS: its certificate is drawn again.
      if (!isServerCertificate(standIn.certificatePem)) return null
      return { stored, ca: unsealPems(key, stored.ca), standIn }
    } catch {
      // Sealed with another key (a folder copied without its key): drawn again.
      return null
    }
  }
  let found = usable(readFile(file))
  if (!found) {
    const validity = {
      notBefore: new Date(now.getTime() - DAY_MS),
      notAfter: new Date(now.getTime() + 3650 * DAY_MS),
    }
    const ca = buildCertificateAuthority(CA_NAME, validity, keys?.[0])
    const standIn = buildServerCertificate(ca, STAND_IN_HOLDER, validity, keys?.[1])
    writeFile(
      file,
      { ca: sealPems(key, ca), standIn: sealPems(key, standIn), holders: {} },
      existsSync(file),
    )
    found = usable(readFile(file))!
  }
  const ca: Issuer = { ...found.ca, subject: authoritySubject(CA_NAME) }
  const standIn = found.standIn
  const issued = new Map<string, CertificatePems>()
  /** The holder's certificate kept in the file, if it can be reused. */
  const kept = (holder: PkiHolder) => {
    const known = issued.get(holder.id)
    if (known) return known
    const stored = readFile(file)?.holders[holder.id]
    if (!stored) return null
    const pems = unsealPems(key, stored)
    const facts = certificateFacts(pems.certificatePem)
    if (facts.cnpj !== holder.cnpj || Date.parse(facts.notAfter) - now.getTime() <= RENEW_WITHIN_MS)
      return null
    issued.set(holder.id, pems)
    return pems
  }
  return {
    ca,
    standIn,
    has: (holder) => kept(holder) !== null,
    certificateOf(holder, keys) {
      const reused = kept(holder)
      if (reused) return reused
      const validity = {
        notBefore: new Date(now.getTime() - DAY_MS),
        notAfter: new Date(now.getTime() + 365 * DAY_MS),
      }
      const pems = buildCompanyCertificate(ca, holder, validity, keys)
      const latest = readFile(file) ?? {
        ca: sealPems(key, found.ca),
        standIn: sealPems(key, standIn),
        holders: {},
      }
      writeFile(
        file,
        { ...latest, holders: { ...latest.holders, [holder.id]: sealPems(key, pems) } },
        true,
      )
      issued.set(holder.id, pems)
      return pems
    },
  }
}
