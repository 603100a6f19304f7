import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../../mock-server/openapi'
import { resourceFile, type ResourceName } from '../../mock-server/routes/index'
import {
  documentFile,
  documentText,
  readmeFile,
  readmeWithTables,
  tablesIn,
} from '../../scripts/openapi-files'

// docs/openapi.json and the README's endpoint tables are written by `npm run docs:api` from the
// document the mock server is generated with: a route table or a schema changed without running
// it fails here.

const document = openApiDocument()

describe('docs/openapi.json', () => {
  it('is the document the route tables and schemas make (npm run docs:api)', async () => {
    const committed = readFileSync(documentFile, 'utf8')
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(document)))
    expect(committed).toBe(await documentText(document))
  })
})

describe("the README's endpoint tables", () => {
  it('are the ones the document makes (npm run docs:api)', async () => {
    const readme = readFileSync(readmeFile, 'utf8')
    expect(tablesIn(readme)).toBe(tablesIn(await readmeWithTables(readme, document)))
  })

  it('list every operation of the document once, with who may call it and its route file', async () => {
    const tables = tablesIn(await readmeWithTables(readFileSync(readmeFile, 'utf8'), document))
    const rows = tables
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter(([, method]) => method && /^(GET|POST|PUT|PATCH|DELETE)$/.test(method))
      .map(([, method, path, who, , , file]) => `${method} ${path!.split('?')[0]} ${who} ${file}`)
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(
        ([method, operation]) =>
          `${method.toUpperCase()} ${path} ${operation['x-access']} \`${resourceFile(operation.tags[0] as ResourceName)}\``,
      ),
    )
    expect(rows.sort()).toEqual(operations.sort())
  })
})
