import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANA, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

// Two files with the same name are two files: each upload gets a storage key of its own, the
// user's name stays the display and download name, and each document downloads its own bytes.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** The signed link names the configured public address; the test server listens elsewhere. */
const local = (signed: string) => new URL(signed).pathname + new URL(signed).search

/** The signed-link flow: a link for the name, the bytes PUT to it; answers the stored file. */
async function upload(fileName: string, bytes: string) {
  const link = await server.call('GET', `/upload/${encodeURIComponent(fileName)}?${OWN}`, {
    as: ANA,
  })
  expect(link.status).toBe(200)
  const put = await server.call('PUT', local(link.body.data.url), {
    raw: bytes,
    headers: { 'Content-Type': 'application/pdf' },
  })
  expect(put.status, put.text).toBe(201)
  return put.body.data as { fileName: string; size: number }
}

async function register(fileName: string, name: string) {
  const res = await server.call('POST', `/documents?${OWN}`, {
    as: ANA,
    body: { type: 'comprovante', name, fileName },
  })
  expect(res.status, res.text).toBe(201)
  return res.body.data as { id: string; fileName: string }
}

async function bytesOf(document: { fileName: string }) {
  const link = await server.call(
    'GET',
    `/download/${encodeURIComponent(document.fileName)}?${OWN}`,
    { as: ANA },
  )
  expect(link.status).toBe(200)
  const file = await server.call('GET', local(link.body.data.url))
  expect(file.status).toBe(200)
  return { text: file.text, disposition: file.headers.get('content-disposition') ?? '' }
}

describe('uploads with the same name', () => {
  it('are kept apart: each document downloads its own bytes, under the name the user gave', async () => {
    const first = await upload('Comprovante Pix.pdf', '%PDF-1.4 primeiro comprovante')
    const second = await upload('Comprovante Pix.pdf', '%PDF-1.4 segundo comprovante, outro')
    expect(first.fileName).not.toBe(second.fileName)
    const a = await register(first.fileName, 'Comprovante de setembro')
    const b = await register(second.fileName, 'Comprovante de outubro')

    const downloadA = await bytesOf(a)
    const downloadB = await bytesOf(b)
    expect(downloadA.text).toBe('%PDF-1.4 primeiro comprovante')
    expect(downloadB.text).toBe('%PDF-1.4 segundo comprovante, outro')
    for (const { disposition } of [downloadA, downloadB])
      expect(disposition).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('Comprovante Pix.pdf')}`,
      )
  })

  it('keep the extension (the type served) and stay valid file names', async () => {
    const stored = await upload('x.pdf', '%PDF-1.4 x')
    expect(stored.fileName).toMatch(/\.pdf$/)
    const long = await upload(`${'a'.repeat(116)}.pdf`, '%PDF-1.4 longo')
    expect(long.fileName.length).toBeLessThanOrEqual(120)
    const document = await register(long.fileName, 'Nome longo')
    expect((await bytesOf(document)).text).toBe('%PDF-1.4 longo')
  })
})
