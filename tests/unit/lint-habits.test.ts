import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import * as prettier from 'prettier'
import { describe, expect, it } from 'vitest'

// `npm run lint` holds the habits the repository keeps: ESLint (import boundaries and
// import-x/no-cycle), `prettier --check .` and Redocly's recommended rules on docs/openapi.json;
// `npm test` runs that script. Each check fails on what it is there to refuse.
const root = path.resolve(import.meta.dirname, '../..')
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}

describe('npm run lint', () => {
  it('runs ESLint, Prettier and the OpenAPI lint, and npm test runs it', () => {
    // Environment assignments in front of a step (Redocly's update check and telemetry off:
    // nothing may call out at run time) are not part of what the step runs.
    const steps = packageJson.scripts
      .lint!.split('&&')
      .map((step) => step.trim().replace(/^([A-Z_]+=\S+\s+)+/, ''))
    expect(steps).toEqual(['eslint .', 'prettier --check .', 'redocly lint docs/openapi.json'])
    expect(readFileSync(path.join(root, 'scripts/test.ts'), 'utf8')).toContain(
      "check(npm, ['run', 'lint'])",
    )
  })

  it('fails on an unformatted file', async () => {
    const file = path.join(root, 'src/lib/unformatted-example.ts')
    const options = { ...(await prettier.resolveConfig(file)), filepath: file }
    const unformatted = 'export const total = (a:number,b:number)=>{ return a+b };\n'
    expect(await prettier.check(unformatted, options)).toBe(false)
    expect(await prettier.check(await prettier.format(unformatted, options), options)).toBe(true)
    // `prettier --check .` reads the source (only generated and data folders are ignored).
    const info = await prettier.getFileInfo(file, {
      ignorePath: path.join(root, '.prettierignore'),
    })
    expect(info.ignored).toBe(false)
  })

  it('fails on an import circle', async () => {
    // The fixture is left out of `eslint .` (it is a circle on purpose); here it is linted.
    const eslint = new ESLint({ cwd: root, ignore: false })
    const results = await eslint.lintFiles(['tests/lint-fixtures/cycle/first.ts'])
    const cycles = results
      .flatMap((result) => result.messages)
      .filter((message) => message.ruleId === 'import-x/no-cycle')
    expect(cycles).toHaveLength(1)
    expect(cycles[0]!.severity).toBe(2)
    expect(cycles[0]!.message).toMatch(/cycle/i)
  }, 60_000)
})
