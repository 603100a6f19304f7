/**
 * A working example of an endpoint (tests/server/contracts/<feature>.ts), so the suites can sweep
 * them all: the authorization matrix (no token, own company-admin, other company-admin,
 * system-admin) and the bad-input sweep. The server itself never reads these.
 *
 * `access` says who may call:
 * - 'public': anyone, no token (sign-up, leads, content, reference data…)
 * - 'signed-in': any valid token (e.g. /companies/me, tax categories)
 * - 'company': a company-admin of the company the request targets, or a system-admin;
 *   the example request targets ana's company `cmp-ana-design` ("own" = ana@contabil.dev,
 *   "other" = bruno@contabil.dev)
 * - 'system-admin': system-admins only
 * - 'self': the user the request is about ("own"), or a system-admin (PATCH /users/{id})
 * - 'recipient': only the user the request is about, not even a system-admin (accepting an
 *   invite sent to one's own e-mail)
 *
 * `callers` changes who "own" and "other" are, for examples that need a company or user in
 * another situation than ana's (e.g. a wizard step of bruno's company).
 */
export type Access = 'public' | 'signed-in' | 'company' | 'system-admin' | 'self' | 'recipient'

export type EndpointContract = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The documented path, e.g. '/nfs/requests/{id}'. */
  route: string
  /** A concrete request that succeeds for an allowed caller, query string included. */
  example: string
  access: Access
  /** A valid JSON body for the example (mutations). */
  body?: unknown
  /**
   * multipart/form-data bodies are built by the test from this description: the file from a
   * fixture (or made by `file`, for one that cannot be committed, such as a certificate with its
   * key), and the form's other fields.
   */
  multipart?: {
    field: string
    filename: string
    contentType: string
    fixture?: string
    file?: () => Uint8Array
    fields?: Record<string, string>
  }
  /** Status the example answers for an allowed caller (default 200, or 201 for POST). */
  okStatus?: number
  /** Takes input that the bad-input sweep should attack (body and/or query). */
  takesInput?: boolean
  /** E-mails of "own" and "other" for this example (default ana@ and bruno@contabil.dev). */
  callers?: { own: string; other: string }
}
