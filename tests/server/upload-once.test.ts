import { existsSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileMessages } from '../../src/schemas/files'
import { startTestServer, type TestServer } from './harness'

// An upload link stores one file, once — even after that file is deleted (by hand, or
// by anything that removes files): the link is noted as used when its file is stored, and a
// later PUT finds the note. An upload that failed on its way in (too large) does not use it up.

const ANA = 'ana@contabil.dev'
const COMPANY = 'cmp-ana-design'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** A fresh upload link of ana's company: its path and the storage key it names. */
async function uploadLink(name: string) {
  const link = await server.call('GET', `/upload/${name}?companyId=${COMPANY}`, { as: ANA })
  expect(link.status).toBe(200)
  const url = new URL(link.body.data.url)
  return { path: url.pathname + url.search, key: link.body.data.fileName as string }
}

const stored = (key: string) => path.join(server.config.filesDir, COMPANY, key)

describe('an upload link', () => {
  it('is refused a second time after its file was deleted', async () => {
    const link = await uploadLink('comprovante.txt')
    expect((await server.call('PUT', link.path, { raw: 'o original' })).status).toBe(201)
    rmSync(stored(link.key))
    const again = await server.call('PUT', link.path, { raw: 'a troca' })
    expect(again).toMatchObject({ status: 409, body: { message: fileMessages.linkUsed } })
    expect(existsSync(stored(link.key))).toBe(false)
  })

  it('is not used up by an upload refused on its way in (too large)', async () => {
    const link = await uploadLink('grande.pdf')
    const big = await server.call('PUT', link.path, { raw: new Uint8Array(10 * 1024 * 1024 + 1) })
    expect(big.status).toBe(413)
    expect((await server.call('PUT', link.path, { raw: 'cabe' })).status).toBe(201)
    expect((await server.call('PUT', link.path, { raw: 'de novo' })).status).toBe(409)
  })

  it('stores one file when two PUTs race, and its note is private', async () => {
    const link = await uploadLink('corrida.txt')
    const answers = await Promise.all(
      ['primeiro', 'segundo', 'terceiro'].map((body) =>
        server.call('PUT', link.path, { raw: body }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409])
    const notes = path.join(server.config.filesDir, '.used-upload-links', COMPANY)
    expect(statSync(path.join(notes, link.key)).mode & 0o777).toBe(0o600)
    expect(statSync(notes).mode & 0o777).toBe(0o700)
  })
})
