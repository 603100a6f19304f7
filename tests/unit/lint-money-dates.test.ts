import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Money and dates have one module each (src/kernel/money.ts, src/kernel/dates.ts); the lint
// (eslint.config.js, no-restricted-syntax) keeps their copies from coming back. Each case plants
// code in a file that does not exist, as if it were there.
const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function flagged(code: string, asFile: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, asFile) })
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => `${message.line}: ${message.message}`)
}

const planted = [
  'export const a = (v: number) => Math.round(v * 100)',
  "export const b = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })",
  'export const c = (d: string) => new Date(`${d}T12:00:00-03:00`)',
  "export const d = (d: string) => d.split('-').reverse().join('/')",
  'export const e = (v: number) => Math.round(v * 1000)',
].join('\n')

describe('money and dates only through the kernel (lint)', () => {
  it('refuses hand cents, an Intl currency formatter, the noon literal and dd/mm/yyyy by hand', async () => {
    expect(await flagged(planted, 'mock-server/domain/simples/planted.ts')).toEqual([
      expect.stringMatching(/^1: Cents are toCents/),
      expect.stringMatching(/^2: Money is written by formatMoney/),
      expect.stringMatching(/^3: A calendar day's instant is noonInBrazil/),
      expect.stringMatching(/^4: dd\/mm\/yyyy is formatDate/),
    ])
  }, 30_000)

  it('lets the kernel write them, and a listed place round a rate to whole percent', async () => {
    expect(await flagged(planted, 'src/kernel/planted.ts')).toEqual([])
    expect(await flagged(planted, 'src/screens/payroll/NoProLaboreChoice.tsx')).toEqual([
      expect.stringMatching(/^2: Money is written by formatMoney/),
      expect.stringMatching(/^3: A calendar day's instant is noonInBrazil/),
      expect.stringMatching(/^4: dd\/mm\/yyyy is formatDate/),
    ])
  }, 30_000)
})
