import { describe, expect, it } from 'vitest'
import { holderName, issuerName } from '@/screens/account/certificate-names'

// The certificate page shows the holder and the authority by name
// (src/screens/account/certificate-names.ts), never the raw subject.

describe('certificate names', () => {
  it('reads the holder out of an e-CNPJ subject, without the CNPJ glued to it', () => {
    expect(
      holderName('CN=ANA DESIGN LTDA:45218739000102, OU=Certificado PJ A1, O=ICP-Brasil, C=BR'),
    ).toBe('ANA DESIGN LTDA')
    expect(holderName('O=Lima & Santos Comércio, C=BR')).toBe('Lima & Santos Comércio')
    expect(holderName('sem atributos')).toBe('sem atributos')
  })

  it('names the authority by its common name, keeping a comma inside a value', () => {
    expect(issuerName('CN=AC SOLUTI Multipla v5, OU=AC SOLUTI, O=ICP-Brasil, C=BR')).toBe(
      'AC SOLUTI Multipla v5',
    )
    expect(issuerName('CN=AC Teste, Local, O=Contabil, C=BR')).toBe('AC Teste, Local')
  })
})
