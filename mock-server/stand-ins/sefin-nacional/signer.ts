import type { Checked } from '../../formats/nfse/checks'
import type { SefinError } from './contract'
import { signerTrust } from '../../formats/nfse/signer-trust'
import { refusal } from './anexo'

// The stand-in's checks of the certificate that signed a DPS or an event request: the signature
// valid, the certificate chained to the trusted roots and valid now, and the author's own
// (its CNPJ, ICP-Brasil's OID 2.16.76.1.3.3). Codes of Anexo I (DPS) and Anexo II (events).

const codes = {
  dps: { signature: 'E0714', invalid: 'E0715', notStandard: 'E0716', otherAuthor: 'E0718' },
  event: { signature: 'E1235', invalid: 'E1983', notStandard: 'E1986', otherAuthor: 'E1991' },
} as const

export function signerProblems(
  checked: Exclude<Checked, { problems: unknown }>,
  roots: readonly string[],
  authorCnpj: string | null,
  now: Date,
  kind: keyof typeof codes = 'dps',
): SefinError[] {
  const code = codes[kind]
  if (!checked.signature.valid) return [refusal(code.signature, checked.signature.reason)]
  const trust = signerTrust(checked.signature.certificatePem, roots, now)
  if (!trust.trusted) return [refusal(code.invalid, trust.reason)]
  if (!checked.signer?.cnpj) return [refusal(code.notStandard, 'Sem CNPJ (OID 2.16.76.1.3.3).')]
  if (checked.signer.cnpj !== authorCnpj) return [refusal(code.otherAuthor)]
  return []
}
