import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express'
import {
  DomainError,
  INPUT_INVALID,
  SESSION_INVALID,
  type DomainErrorKind,
  type Issue,
} from './domain/errors'
import { RuleDataMissing } from '../src/kernel/rule-data-missing'

export type { Issue }

/** An error with an HTTP status and a message meant for the user (pt-BR). */
export class HttpError extends Error {
  readonly status: number
  readonly issues: Issue[] | undefined
  constructor(status: number, message: string, issues?: Issue[]) {
    super(message)
    this.status = status
    this.issues = issues
  }
}

/** The messages of answers no endpoint words itself. */
export const httpMessages = {
  unauthorized: SESSION_INVALID,
  forbidden: 'Você não tem permissão para fazer isso.',
  notFound: 'Registro não encontrado.',
  invalid: INPUT_INVALID,
  badJson: 'O corpo da requisição não é um JSON válido.',
  tooLarge: 'O corpo da requisição é grande demais.',
  badRequest: 'Requisição inválida.',
  internal: 'Erro interno do servidor.',
} as const

export const badRequest = (message: string, issues?: Issue[]) => new HttpError(400, message, issues)
export const unauthorized = (message: string = httpMessages.unauthorized) =>
  new HttpError(401, message)
export const forbidden = (message: string = httpMessages.forbidden) => new HttpError(403, message)
export const notFound = (message: string = httpMessages.notFound) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

// Parsing input is the domain's too (a command reads its own): one parser, refusing with the
// domain's `invalid` (answered 400 with every issue).
export { issuesOf as parseIssues, parsed as parse } from './domain/errors'

/**
 * Wraps a handler: its resolved value is sent as JSON (unless it already answered),
 * a thrown HttpError becomes its status and message.
 */
export const handle =
  (handler: (req: Request, res: Response) => unknown): RequestHandler =>
  (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .then((result) => {
        if (result !== undefined && !res.headersSent) res.json(result)
      })
      .catch(next)
  }

export function paginate<T>(items: readonly T[], page: { limit: number; offset: number }) {
  return { data: items.slice(page.offset, page.offset + page.limit), total: items.length }
}

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Rota não encontrada: ${req.method} ${req.path}` })
}

/** The status that answers each kind of domain error (mock-server/domain/errors.ts). */
export const domainErrorStatus: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  busy: 429,
  'outside-service': 502,
}

/** Whether an error is a refusal the API answers (an HttpError or a domain error). */
export const isRefusal = (error: unknown): error is HttpError | DomainError | RuleDataMissing =>
  error instanceof HttpError || error instanceof DomainError || error instanceof RuleDataMissing

/**
 * An error as the API answers it: an HttpError as it is, a domain error with its kind's status, a
 * rule's missing data with 409,
 * body-parser's own failures (malformed JSON, a body too large, a bad charset) with their
 * messages; undefined for anything else (500).
 */
export function httpErrorOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error
  if (error instanceof DomainError)
    return new HttpError(domainErrorStatus[error.kind], error.message, error.issues)
  // A rule's data the system lacks (src/kernel/rule-data-missing.ts): refused with what is missing.
  if (error instanceof RuleDataMissing) return new HttpError(409, error.message)
  const type = (error as { type?: string } | null)?.type
  if (type === 'entity.parse.failed') return badRequest(httpMessages.badJson)
  if (type === 'entity.too.large') return new HttpError(413, httpMessages.tooLarge)
  const status = (error as { status?: number } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new HttpError(status, httpMessages.badRequest)
  return undefined
}

export const errorHandler: ErrorRequestHandler = (
  error,
  _req: Request,
  res: Response,
  _next: NextFunction,
) => {
  if (res.headersSent) return
  const known = httpErrorOf(error)
  if (known) {
    res
      .status(known.status)
      .json({ message: known.message, ...(known.issues ? { issues: known.issues } : {}) })
    return
  }
  console.error('[mock-server] unexpected error', error)
  res.status(500).json({ message: httpMessages.internal })
}
