import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { EndpointContract } from './contracts'
import type { TestServer } from './harness'

// Shared by the suites that sweep every registered contract (authorization matrix, bad input).

export const ANA = 'ana@contabil.dev'
export const BRUNO = 'bruno@contabil.dev'
export const ADMIN = 'admin@contabil.dev'

export type Who = 'none' | 'own' | 'other' | 'admin'
export const everyone: readonly Who[] = ['none', 'other', 'own', 'admin']

export const okStatus = (contract: EndpointContract) =>
  contract.okStatus ?? (contract.method === 'POST' ? 201 : 200)

/** The status each caller gets for the contract's example, by its `access`. */
export function expectedStatus(contract: EndpointContract, who: Who): number {
  const ok = okStatus(contract)
  if (contract.access === 'public') return ok
  if (who === 'none') return 401
  switch (contract.access) {
    case 'signed-in':
      return ok
    case 'company':
    case 'self':
      return who === 'other' ? 403 : ok
    case 'recipient':
      return who === 'own' ? ok : 403
    case 'system-admin':
      return who === 'admin' ? ok : 403
  }
}

/** The e-mail a caller signs in with for this contract (none: no token). */
export function emailOf(contract: EndpointContract, who: Who): string | undefined {
  if (who === 'none') return undefined
  if (who === 'admin') return ADMIN
  return who === 'own' ? (contract.callers?.own ?? ANA) : (contract.callers?.other ?? BRUNO)
}

/** A caller the contract allows (the one the bad-input sweep uses). */
export function allowedCaller(contract: EndpointContract): Who {
  return everyone.find((who) => expectedStatus(contract, who) < 400)!
}

export type CallOptions = {
  path?: string
  body?: unknown
  raw?: BodyInit
  headers?: Record<string, string>
}

/**
 * Calls a contract's example (or a variant of it) as a caller. The content stand-in's rate limit
 * (429) is waited out the way its client does, so the sweeps can call it back to back.
 */
export async function callContract(
  server: TestServer,
  contract: EndpointContract,
  who: Who,
  options: CallOptions = {},
) {
  let raw = options.raw
  if (raw === undefined && options.body === undefined && contract.multipart) {
    const { multipart } = contract
    const file = multipart.file
      ? multipart.file()
      : readFileSync(path.resolve(import.meta.dirname, '../..', multipart.fixture!))
    const form = new FormData()
    for (const [name, value] of Object.entries(multipart.fields ?? {})) form.append(name, value)
    form.append(
      multipart.field,
      new Blob([new Uint8Array(file)], { type: multipart.contentType }),
      multipart.filename,
    )
    raw = form
  }
  const body = raw === undefined ? (options.body ?? contract.body) : undefined
  const as = emailOf(contract, who)
  for (let attempt = 0; ; attempt++) {
    const res = await server.call(contract.method, options.path ?? contract.example, {
      ...(as ? { as } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(raw !== undefined ? { raw } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    })
    if (res.status !== 429 || attempt >= 5) return res
    await new Promise((resolve) => setTimeout(resolve, 1100 * (attempt + 1)))
  }
}

/**
 * The message of an error answer: `{ message }` in JSON, the national NFS-e API's errors and
 * Storyblok's list of messages (their stand-ins answer like the real APIs), or the text of an
 * HTML page.
 */
export function messageOf(res: { body: unknown; text: string; headers: Headers }): string {
  const json = res.body as { message?: unknown } | undefined
  if (json && typeof json.message === 'string') return json.message
  // The Sefin Nacional stand-in answers as the national API: `erros` (a list) or `erro`.
  const national = res.body as
    { erros?: { Descricao?: unknown }[]; erro?: { descricao?: unknown } } | undefined
  if (Array.isArray(national?.erros))
    return national.erros.map((error) => String(error.Descricao ?? '')).join(' ')
  if (typeof national?.erro?.descricao === 'string') return national.erro.descricao
  if (Array.isArray(res.body) && res.body.every((item) => typeof item === 'string'))
    return res.body.join(' ')
  if ((res.headers.get('content-type') ?? '').includes('text/html'))
    return res.text
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  return ''
}
