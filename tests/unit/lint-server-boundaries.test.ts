import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The server's rooms are enforced by the lint (eslint.config.js, eslint-plugin-boundaries):
// routes → domain → store with no arrow back, stand-ins apart, the kernel importing no layer
// above it. Each case plants an import in a file that does not exist, as if it were there.
const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function violations(code: string, asFile: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, asFile) })
  return result!.messages
    .filter(
      (message) =>
        message.ruleId === 'boundaries/element-types' || message.ruleId === 'no-restricted-imports',
    )
    .map(
      (message) => `${message.line}: ${message.message.replace(/ \(see eslint.config.js\)/, '')}`,
    )
}

const use = (names: string[]) => `\nexport const used = [${names.join(', ')}]\n`

describe('the server’s rooms (lint)', () => {
  it('refuses a context that imports the edge, HTTP, Express or a stand-in', async () => {
    const code =
      [
        "import { conflict } from '../../http'",
        "import { simplesEndpoints } from '../../routes/simples'",
        "import { endpoint } from '../../api'",
        "import express from 'express'",
        "import { registryRecordOf } from '../../stand-ins/receita-cnpj/registry'",
      ].join('\n') +
      use(['conflict', 'simplesEndpoints', 'endpoint', 'express', 'registryRecordOf'])
    expect(await violations(code, 'mock-server/domain/simples/planted.ts')).toEqual([
      '1: server-domain must not import server-http',
      '2: server-domain must not import server-edge',
      '3: server-domain must not import server-api',
      expect.stringMatching(/^4: 'express' import is restricted .*speak no HTTP/),
      '5: server-domain must not import stand-in',
    ])
  }, 30_000)

  it('refuses the HTTP helpers and Express in the NFS-e issuance files too (none is allowed them)', async () => {
    const code =
      ["import { HttpError } from '../../../http'", "import type { Request } from 'express'"].join(
        '\n',
      ) +
      use(['HttpError']) +
      'export type R = Request\n'
    for (const file of ['certificates', 'issuance', 'jobs', 'sefin-client'])
      expect(await violations(code, `mock-server/domain/invoices/nfse/${file}.ts`)).toEqual([
        '1: server-domain must not import server-http',
        expect.stringMatching(/^2: 'express' import is restricted .*speak no HTTP/),
      ])
  }, 60_000)

  it('refuses a store that imports a context', async () => {
    const code = "import { closeMonth } from '../domain/simples/months'" + use(['closeMonth'])
    expect(await violations(code, 'mock-server/store/planted.ts')).toEqual([
      '1: server-store must not import server-domain',
    ])
  }, 30_000)

  it('refuses a stand-in that imports the product, and a route that reaches a stand-in', async () => {
    expect(
      await violations(
        "import { closeMonth } from '../../domain/simples/months'" + use(['closeMonth']),
        'mock-server/stand-ins/cora/planted.ts',
      ),
    ).toEqual(['1: stand-in must not import server-domain'])
    expect(
      await violations(
        "import { registryRecordOf } from '../stand-ins/receita-cnpj/registry'" +
          use(['registryRecordOf']),
        'mock-server/routes/planted.ts',
      ),
    ).toEqual(['1: server-edge must not import stand-in'])
  }, 30_000)

  it('keeps the Sefin stand-in off the product: the national format it may use, the domain never', async () => {
    expect(
      await violations(
        [
          "import type { NfseEngine } from '../../domain/invoices/nfse/engine'",
          "import { buildDps } from '../../domain/invoices/nfse/dps'",
          "import { buildNfse } from '../../formats/nfse/documents'",
          "import { composeAccessKey } from '../../formats/nfse/access-key'",
        ].join('\n') +
          use(['buildDps', 'buildNfse', 'composeAccessKey']) +
          'export type E = NfseEngine\n',
        'mock-server/stand-ins/sefin-nacional/planted.ts',
      ),
    ).toEqual([
      '1: stand-in must not import server-domain',
      '2: stand-in must not import server-domain',
    ])
  }, 30_000)

  it('keeps the national format beneath both sides: no domain, store, stand-in, edge or HTTP', async () => {
    expect(
      await violations(
        [
          "import { buildDps } from '../../domain/invoices/nfse/dps'",
          "import type { Store } from '../../store/database'",
          "import { refusal } from '../../stand-ins/sefin-nacional/anexo'",
          "import { toGzipBase64 } from '../../stand-ins/sefin-nacional/contract'",
          "import { badRequest } from '../../http'",
          "import { simplesEndpoints } from '../../routes/simples'",
        ].join('\n') +
          use(['buildDps', 'refusal', 'toGzipBase64', 'badRequest', 'simplesEndpoints']) +
          'export type S = Store\n',
        'mock-server/formats/nfse/planted.ts',
      ),
    ).toEqual([
      '1: server-format must not import server-domain',
      '2: server-format must not import server-store',
      '3: server-format must not import stand-in',
      '4: server-format must not import stand-in-contract',
      '5: server-format must not import server-http',
      '6: server-format must not import server-edge',
    ])
    expect(
      await violations(
        [
          "import { monthInBrazil } from '../../../src/kernel/dates'",
          "import { digitsOnly } from '../../../src/schemas/brazil'",
          "import { cityDirectory } from '../../reference/cities'",
          "import { seal } from '../../vault'",
          "import { brazilDateTime } from './xml'",
        ].join('\n') +
          use(['monthInBrazil', 'digitsOnly', 'cityDirectory', 'seal', 'brazilDateTime']),
        'mock-server/formats/nfse/planted.ts',
      ),
    ).toEqual([])
  }, 30_000)

  it('keeps Cora apart: its stand-in imports no context, the bank route no stand-in, the bank context its contract only', async () => {
    const planted: [file: string, imports: string[], names: string[], expected: string][] = [
      [
        'mock-server/stand-ins/cora/cora.ts',
        ["import { bookStatement } from '../../domain/bank/ledger'"],
        ['bookStatement'],
        '1: stand-in must not import server-domain',
      ],
      [
        'mock-server/routes/bank-connections.ts',
        ["import { standInCora } from '../stand-ins/cora/cora'"],
        ['standInCora'],
        '1: server-edge must not import stand-in',
      ],
      [
        'mock-server/domain/bank/cora.ts',
        [
          "import { CORA_SYNC_DAYS } from '../../stand-ins/cora/contract'",
          "import { standInCora } from '../../stand-ins/cora/cora'",
        ],
        ['CORA_SYNC_DAYS', 'standInCora'],
        '2: server-domain must not import stand-in',
      ],
    ]
    for (const [file, imports, names, expected] of planted)
      expect(await violations(imports.join('\n') + use(names), file)).toEqual([expected])
  }, 30_000)

  it('accepts routes → domain → store, and a context using a stand-in’s contract', async () => {
    expect(
      await violations(
        [
          "import { closeMonth } from '../domain/simples/months'",
          "import type { Store } from '../store/database'",
          "import { badRequest } from '../http'",
        ].join('\n') +
          use(['closeMonth', 'badRequest']) +
          'export type S = Store\n',
        'mock-server/routes/planted.ts',
      ),
    ).toEqual([])
    expect(
      await violations(
        [
          "import type { Store } from '../../store/database'",
          "import { toGzipBase64 } from '../../stand-ins/sefin-nacional/contract'",
          "import { toCents } from '../../../src/kernel/money'",
        ].join('\n') +
          use(['toGzipBase64', 'toCents']) +
          'export type S = Store\n',
        'mock-server/domain/invoices/planted.ts',
      ),
    ).toEqual([])
  }, 30_000)

  it('keeps the kernel below every layer: units import nothing, tax rules only schema types', async () => {
    expect(
      await violations(
        "import { companySchema } from '../schemas/company'" + use(['companySchema']),
        'src/kernel/money.ts',
      ),
    ).toEqual(['1: units must not import schemas'])
    expect(
      await violations(
        [
          "import type { ActivityTax } from '../../schemas/cnae'",
          "import { companySchema } from '../../schemas/company'",
        ].join('\n') +
          use(['companySchema']) +
          'export type A = ActivityTax\n',
        'src/kernel/tax/planted.ts',
      ),
    ).toEqual(['2: tax must not import schemas'])
  }, 30_000)
})
