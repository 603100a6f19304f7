import { describe, expect, it } from 'vitest'
import { fileDisplayName, fileNameSchema, storageKeyOf } from '../../src/schemas/files'

describe('storage keys of uploads', () => {
  it('keep the name and the extension around a token, and give the name back', () => {
    const key = storageKeyOf('Comprovante Pix.pdf', '3f9a0c1b7e2d')
    expect(key).toBe('Comprovante Pix.3f9a0c1b7e2d.pdf')
    expect(fileDisplayName(key)).toBe('Comprovante Pix.pdf')
    expect(fileDisplayName(storageKeyOf('LEIAME', '0123456789ab'))).toBe('LEIAME')
    // A name that already looks like a key keeps its own part.
    const tricky = storageKeyOf('relatorio.2026abcdef12.pdf', 'aaaaaaaaaaaa')
    expect(fileDisplayName(tricky)).toBe('relatorio.2026abcdef12.pdf')
    // Seeded files (no token) are their own display name.
    expect(fileDisplayName('cartao-cnpj.pdf')).toBe('cartao-cnpj.pdf')
  })

  it('stay valid file names, long ones and ones that end in dots included', () => {
    for (const name of [`${'a'.repeat(116)}.pdf`, 'a'.repeat(120), 'x.pdf', 'nota fiscal .pdf'])
      expect(fileNameSchema.safeParse(storageKeyOf(name, 'abcdef012345')).success, name).toBe(true)
  })
})
