import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { openApiDocument } from '../mock-server/openapi'
import { documentFile, documentText, endpointTablesFile, withEndpointTables } from './openapi-files'

// `npm run docs:api`: writes the OpenAPI document the mock server is generated with to
// docs/openapi.json, and the endpoint tables of docs/api.md from it. `--check` writes nothing and fails
// when either is out of date (the unit test tests/unit/openapi-files.test.ts does the same).

const check = process.argv.includes('--check')
const document = openApiDocument()
const wanted = [
  { file: documentFile, text: await documentText(document) },
  {
    file: endpointTablesFile,
    text: await withEndpointTables(readFileSync(endpointTablesFile, 'utf8'), document),
  },
]
let stale = 0
for (const { file, text } of wanted) {
  let current = ''
  try {
    current = readFileSync(file, 'utf8')
  } catch {
    current = ''
  }
  const name = path.relative(process.cwd(), file)
  if (current === text) {
    console.log(`${name}: up to date`)
    continue
  }
  stale++
  if (check) console.error(`${name}: out of date; run npm run docs:api`)
  else {
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    console.log(`${name}: written`)
  }
}
if (check && stale > 0) process.exit(1)
