import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The import boundaries are enforced by the lint (eslint.config.js, eslint/feature-boundaries.js):
// a feature reaches another feature only through its index.ts.
const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function lintAs(fixture: string, asFile: string) {
  const code = readFileSync(path.join(root, 'tests/lint-fixtures', fixture), 'utf8')
  const [result] = await eslint.lintText(code, { filePath: path.join(root, asFile) })
  return result!.messages.filter((message) => message.ruleId === 'local/feature-boundaries')
}

describe('feature boundaries lint', () => {
  it('fails on an import into another feature’s files', async () => {
    const messages = await lintAs(
      'cross-feature-deep-import.tsx',
      'src/screens/invoices/Fixture.tsx',
    )
    expect(messages.map((message) => message.message)).toEqual([
      "'screens/invoices' imports '@/screens/shared/company-display' inside the 'screens/shared' feature: import '@/screens/shared' (its index.ts) instead.",
      "'screens/invoices' imports '@/services/companies/get-company' inside the 'services/companies' feature: import '@/services/companies' (its index.ts) instead.",
    ])
    expect(messages.every((message) => message.severity === 2)).toBe(true)
  }, 30_000)

  it('accepts the same imports through each feature’s index', async () => {
    expect(
      await lintAs('cross-feature-index-import.tsx', 'src/screens/invoices/Fixture.tsx'),
    ).toEqual([])
  }, 30_000)

  it('lets a feature import its own files and a route pick a screen file', async () => {
    expect(
      await lintAs('cross-feature-deep-import.tsx', 'src/screens/shared/Fixture.tsx'),
    ).toHaveLength(1)
    expect(await lintAs('cross-feature-deep-import.tsx', 'src/routes/app/fixture.tsx')).toEqual([])
  }, 30_000)
})
