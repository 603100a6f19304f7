import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { safeFileName, uploadDocument } from '@/services/documents'

// The signed-link upload as other features use it: link, PUT with progress, register.
const API = 'http://localhost:3000'
const calls: string[] = []
let stored: { body: string; type: string | null } | null = null
const server = setupServer(
  http.get(`${API}/upload/:name`, ({ params, request }) => {
    calls.push(`GET /upload/${String(params.name)}?${new URL(request.url).search.slice(1)}`)
    return HttpResponse.json({
      data: {
        url: `${API}/files/cmp-ana-design/${String(params.name)}?expires=9999999999&signature=abc`,
        method: 'PUT',
        expiresAt: '2099-01-01T00:00:00.000Z',
        maxBytes: 10 * 1024 * 1024,
      },
    })
  }),
  http.put(`${API}/files/:company/:name`, async ({ params, request }) => {
    calls.push(`PUT /files/${String(params.company)}/${String(params.name)}`)
    stored = { body: await request.text(), type: request.headers.get('content-type') }
    // The server keeps its own unique name for the file.
    return HttpResponse.json(
      {
        data: {
          companyId: 'cmp-ana-design',
          fileName: 'k7f3-contrato-final.pdf',
          size: 14,
          contentType: 'application/pdf',
          uploadedAt: '2026-11-20T12:00:00.000Z',
        },
      },
      { status: 201 },
    )
  }),
  http.post(`${API}/documents`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>
    calls.push(`POST /documents ${JSON.stringify(body)}`)
    return HttpResponse.json(
      {
        data: {
          id: 'doc-1',
          companyId: 'cmp-ana-design',
          description: null,
          status: 'pending',
          guia: null,
          competence: body.competence ?? null,
          sentBy: 'company',
          createdBy: 'uid-ana',
          reviewedBy: null,
          reviewedAt: null,
          rejectionReason: null,
          paidAt: null,
          createdAt: '2026-11-20T12:00:00.000Z',
          updatedAt: '2026-11-20T12:00:00.000Z',
          ...body,
        },
      },
      { status: 201 },
    )
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  calls.length = 0
})
afterAll(() => server.close())

describe('uploadDocument', () => {
  it('asks for a link, PUTs the bytes with progress and registers the name the server kept', async () => {
    const progress: number[] = []
    const file = new File(['%PDF-1.4 teste'], 'Contrato #final.pdf', { type: 'application/pdf' })
    const document = await uploadDocument(
      { companyId: 'cmp-ana-design', file, type: 'outros', competence: '2026-10' },
      { onProgress: (fraction) => progress.push(fraction) },
    )
    expect(calls).toEqual([
      'GET /upload/Contrato -final.pdf?companyId=cmp-ana-design',
      'PUT /files/cmp-ana-design/Contrato -final.pdf',
      'POST /documents {"type":"outros","name":"Contrato #final","fileName":"k7f3-contrato-final.pdf","competence":"2026-10"}',
    ])
    expect(stored).toEqual({ body: '%PDF-1.4 teste', type: 'application/pdf' })
    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(1)
    expect(document).toMatchObject({ id: 'doc-1', fileName: 'k7f3-contrato-final.pdf' })
  })

  it('passes the server refusal on in pt-BR', async () => {
    server.use(
      http.put(`${API}/files/:company/:name`, () =>
        HttpResponse.json({ message: 'O arquivo passa do limite de 10 MB.' }, { status: 413 }),
      ),
    )
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' })
    await expect(
      uploadDocument({ companyId: 'cmp-ana-design', file, type: 'outros' }),
    ).rejects.toMatchObject({ status: 413, message: 'O arquivo passa do limite de 10 MB.' })
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false)
  })

  it('makes any file name one the server takes', () => {
    expect(safeFileName('Nota fiscal: outubro/2026.PDF')).toBe('Nota fiscal- outubro-2026.pdf')
    expect(safeFileName('..\\..\\etc.ofx')).toBe('etc.ofx')
    expect(safeFileName(`${'a'.repeat(200)}.pdf`)).toHaveLength(120)
    expect(safeFileName('#.pdf')).toBe('arquivo.pdf')
  })
})
