import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import * as glossary from '../../src/schemas/glossary'

// One name for each status and step: the module every screen reads and docs/glossary.md say the
// same, word for word.
const doc = readFileSync(path.join(__dirname, '../../docs/glossary.md'), 'utf8')
const lines = doc.split('\n')
/** The document as one line: a bold word that the formatter wrapped is still one. */
const flat = doc.replace(/\s+/g, ' ')

const records = Object.entries(glossary).filter(
  (entry): entry is [string, Record<string, string>] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    Object.values(entry[1]).every((value) => typeof value === 'string'),
)

describe('the glossary (src/schemas/glossary.ts and docs/glossary.md)', () => {
  it.each(records)('docs/glossary.md explains each word of %s', (_name, labels) => {
    for (const [code, label] of Object.entries(labels)) {
      const said = lines.some(
        (line) =>
          (line.includes(`\`${code}\``) && line.includes(label)) ||
          (flat.includes(`\`${code}\``) && flat.includes(`**${label}**`)),
      )
      expect(said, `${code} → ${label}`).toBe(true)
    }
  })

  it('names the current step the same whether it was started or not', () => {
    expect(glossary.stepStateLabel('pending', true)).toBe(glossary.CURRENT_STEP)
    expect(glossary.stepStateLabel('in_progress', true)).toBe(glossary.CURRENT_STEP)
    expect(glossary.stepStateLabel('done', true)).toBe('Concluída')
    expect(glossary.stepStateLabel('in_progress', false)).toBe('Em andamento')
    expect(flat).toContain(`**${glossary.CURRENT_STEP}**`)
  })

  it('says a client account with no company is not the administrator of one', () => {
    expect(glossary.rolesSummary(['company-admin'], 0)).toBe('Cliente, sem empresa ainda')
    expect(glossary.rolesSummary(['company-admin'], 1)).toBe('Administrador da empresa')
    expect(glossary.rolesSummary(['company-admin'], 2)).toBe('Administrador de 2 empresas')
    expect(glossary.rolesSummary(['system-admin', 'company-admin'], 0)).toBe(
      'Administrador do sistema, Cliente, sem empresa ainda',
    )
  })

  it("gives a document one word for the client and the accountant, a guia's by its due date", () => {
    const document = { type: 'comprovante' as const, status: 'pending' as const, guia: null }
    expect(glossary.documentSituationLabel(document, '2026-11-27')).toBe('Em análise')
    const guia = {
      type: 'guia' as const,
      status: 'pending' as const,
      guia: { dueDate: '2026-11-20' } as never,
    }
    expect(glossary.documentSituationLabel(guia, '2026-11-27')).toBe('Vencida')
    expect(glossary.documentSituationLabel(guia, '2026-11-20')).toBe('A pagar')
    expect(glossary.documentSituationLabel({ ...guia, status: 'paid' }, '2026-11-27')).toBe('Paga')
  })

  it('keeps technical names out of every word', () => {
    for (const [, labels] of records)
      for (const label of Object.values(labels))
        expect(label).not.toMatch(/tribISSQN|cTribNac|\bDPS\b|[a-z]+-[a-z]+-\d|_/)
  })
})
