import type { z } from 'zod'

// What a command refuses, in the product's words (pt-BR) and without HTTP: the domain's small set
// of errors. The edge answers each kind with its status (mock-server/http.ts, httpErrorOf) and
// the same `{ message, issues? }` body; a context never names a status.

/** Where in the input a refusal points, and what it says there. */
export type Issue = { path: (string | number)[]; message: string }

export const domainErrorKinds = [
  /** The input breaks a rule (a field, a limit, a file that is not what it says). */
  'invalid',
  /** The caller is not who may do this. */
  'forbidden',
  /** No such record (or not the caller's company's). */
  'not-found',
  /** The record's state does not allow it (a closed month, a paid guide, a taken e-mail). */
  'conflict',
  /** Too much at once (a file past its size). */
  'too-large',
  /** Too many waiting: try again later. */
  'busy',
  /** An outside service did not answer as it should (the national NFS-e system). */
  'outside-service',
  /** Who the caller is could not be told (an identity record gone). */
  'unauthenticated',
] as const
export type DomainErrorKind = (typeof domainErrorKinds)[number]

export class DomainError extends Error {
  readonly kind: DomainErrorKind
  readonly issues: Issue[] | undefined
  constructor(kind: DomainErrorKind, message: string, issues?: Issue[]) {
    super(message)
    this.name = 'DomainError'
    this.kind = kind
    this.issues = issues
  }
}

export const invalid = (message: string, issues?: Issue[]) =>
  new DomainError('invalid', message, issues)
export const forbidden = (message: string) => new DomainError('forbidden', message)
export const notFound = (message: string) => new DomainError('not-found', message)
export const conflict = (message: string, issues?: Issue[]) =>
  new DomainError('conflict', message, issues)
export const tooLarge = (message: string) => new DomainError('too-large', message)
export const busy = (message: string) => new DomainError('busy', message)
export const outsideServiceFailed = (message: string, issues?: Issue[]) =>
  new DomainError('outside-service', message, issues)
/** What a caller whose session no longer counts reads (mock-server/http.ts answers it too). */
export const SESSION_INVALID = 'Sessão expirada ou inválida. Entre novamente.'
export const unauthenticated = (message: string = SESSION_INVALID) =>
  new DomainError('unauthenticated', message)

/** A record of the company, or not found (also when it belongs to another company: nothing to see). */
export function ownedBy<T extends { companyId: string }>(
  record: T | undefined,
  companyId: string,
  message: string,
): T {
  if (!record || record.companyId !== companyId) throw notFound(message)
  return record
}

/** What bad input without a message of its own says. */
export const INPUT_INVALID = 'Dados inválidos.'

/** A zod error's issues as the API answers them: each with its path and its message. */
export const issuesOf = (error: z.ZodError): Issue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    message: issue.message,
  }))

/** Input read with a zod schema; refused (invalid) with the first message and every issue. */
export function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issues = issuesOf(result.error)
  throw invalid(issues[0]?.message ?? INPUT_INVALID, issues)
}
