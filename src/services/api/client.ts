import type { z } from 'zod'
import type { ApiErrorBody } from '@/schemas/common'

/** An answer that was not 2xx, or no answer at all (status 0). Messages are meant for the user. */
export class ApiError extends Error {
  readonly status: number
  readonly issues: NonNullable<ApiErrorBody['issues']>
  constructor(status: number, message: string, issues: ApiErrorBody['issues'] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.issues = issues ?? []
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export type Query = Record<string, QueryValue>

export type RequestOptions<T> = {
  query?: Query
  /** JSON body. */
  body?: unknown
  /** multipart body (file uploads). */
  form?: FormData
  signal?: AbortSignal
  /** Parses the answer; a mismatch is an error rather than a silent wrong shape. */
  schema?: z.ZodType<T>
  responseType?: 'json' | 'text' | 'blob'
  /**
   * false for public calls: they never wait for a token nor refresh on 401. Sent to our own API
   * (`createApiClient(url, { ownApi: true })`), they still carry the session's token when it has
   * one, so no request of a signed-in page leaves without it.
   */
  auth?: boolean
}

/**
 * How the client authenticates, provided by the session: the token, and a refresh that is shared
 * by every request that failed with 401 at the same time (it resolves true when a new token is
 * there and the request should be replayed).
 */
export type AuthBridge = {
  /**
   * The token to send, once the session knows it: while the identity service is still restoring
   * the user (a full page load) or a refresh is under way, this waits; signed out, it is null.
   */
  getToken: () => Promise<string | null>
  /** The token the session holds right now (null while it has none), without waiting. */
  currentToken: () => string | null
  /** `rejectedToken` is the token the 401 answered, so a late 401 does not refresh again. */
  refresh: (rejectedToken: string | null) => Promise<boolean>
}

let bridge: AuthBridge | null = null
export function connectAuth(next: AuthBridge | null) {
  bridge = next
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  const url = new URL(baseUrl ? baseUrl.replace(/\/$/, '') + path : path, origin)
  for (const [key, raw] of Object.entries(query ?? {})) {
    if (raw === undefined || raw === null || raw === '') continue
    const values = Array.isArray(raw) ? raw : [raw]
    // Repeatable parameters (e.g. `type`) are sent once per value.
    for (const item of values) url.searchParams.append(key, String(item))
  }
  return baseUrl ? url.toString() : url.pathname + url.search
}

const NETWORK_MESSAGE =
  'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.'
const GENERIC_MESSAGE = 'Algo deu errado do nosso lado. Tente novamente em instantes.'

/**
 * The `{ message, issues? }` error body (schemas/common.ts apiErrorBodySchema), checked by hand:
 * the client is on every page, and public pages load no validation library.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false
  const { message, issues } = body as { message?: unknown; issues?: unknown }
  if (typeof message !== 'string') return false
  if (issues === undefined) return true
  return (
    Array.isArray(issues) &&
    issues.every(
      (issue) =>
        typeof issue === 'object' &&
        issue !== null &&
        typeof (issue as { message?: unknown }).message === 'string' &&
        Array.isArray((issue as { path?: unknown }).path),
    )
  )
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  if (isApiErrorBody(body)) return new ApiError(response.status, body.message, body.issues)
  return new ApiError(
    response.status,
    response.status >= 500 ? GENERIC_MESSAGE : `Erro ${response.status}`,
  )
}

export function createApiClient(
  baseUrl: string,
  {
    ownApi = false,
  }: {
    /** Our own API: public calls carry the session's token too (never another service's). */
    ownApi?: boolean
  } = {},
) {
  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<T> {
    const url = buildUrl(baseUrl, path, options.query)
    const useAuth = options.auth !== false && bridge !== null

    const send = async (token: string | null) => {
      const headers: Record<string, string> = { Accept: 'application/json' }
      if (token) headers.Authorization = `Bearer ${token}`
      let body: BodyInit | undefined
      if (options.form) body = options.form
      else if (options.body !== undefined) {
        headers['Content-Type'] = 'application/json'
        body = JSON.stringify(options.body)
      }
      try {
        return await fetch(url, { method, headers, body, signal: options.signal })
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error
        throw new ApiError(0, NETWORK_MESSAGE)
      }
    }

    // Never before the session knows the token: a call sent while the identity service is still
    // restoring the user would only come back 401.
    const token = useAuth
      ? await bridge!.getToken()
      : ownApi && bridge
        ? bridge.currentToken()
        : null
    let response = await send(token)
    // docs/product.md §4 and §7: a 401 refreshes the token once (shared by all failing requests), then the
    // request is replayed, so nothing the user was doing is lost.
    if (response.status === 401 && useAuth && bridge && (await bridge.refresh(token))) {
      response = await send(await bridge.getToken())
    }
    if (!response.ok) throw await toApiError(response)
    if (response.status === 204) return undefined as T

    if (options.responseType === 'blob') return (await response.blob()) as T
    if (options.responseType === 'text') return (await response.text()) as T
    const json: unknown = await response.json()
    return options.schema ? options.schema.parse(json) : (json as T)
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
    patch: <T>(path: string, options?: RequestOptions<T>) => request<T>('PATCH', path, options),
    delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
