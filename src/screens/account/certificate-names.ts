// A certificate's names as a person reads them, not as X.509 prints them
// (src/screens/account/CertificateScreen.tsx shows them).

/** A distinguished name's attributes (`CN=…, OU=…, O=…`), commas inside values aside. */
function nameParts(dn: string): Map<string, string> {
  const parts = new Map<string, string>()
  for (const part of dn.split(/,\s*(?=[A-Za-z]+=)/)) {
    const at = part.indexOf('=')
    if (at > 0) parts.set(part.slice(0, at).trim().toUpperCase(), part.slice(at + 1).trim())
  }
  return parts
}

/**
 * The holder as a person reads it: the ICP-Brasil e-CNPJ's CN is "NAME:CNPJ" (the CNPJ is shown
 * on its own line), else the organisation, else the subject as it came.
 */
export function holderName(subject: string): string {
  const parts = nameParts(subject)
  const cn = parts.get('CN')
  return cn?.replace(/:\d{14}$/, '') || parts.get('O') || subject
}

/** The certificate authority by its name (the issuer's CN, else its organisation). */
export function issuerName(issuer: string): string {
  const parts = nameParts(issuer)
  return parts.get('CN') || parts.get('O') || issuer
}
