// What the year's commands refuse, as domain errors: the route (mock-server/routes/year-end.ts)
// turns each kind into its HTTP status and pt-BR body; the commands know no HTTP.

export type YearEndErrorKind = 'invalid' | 'not-found' | 'conflict'

/** A refusal with its pt-BR message (and, for invalid input, the field it is about). */
export class YearEndError extends Error {
  constructor(
    readonly kind: YearEndErrorKind,
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message)
  }
}

export const invalid = (message: string, field?: (string | number)[]) =>
  new YearEndError('invalid', message, field ? [{ path: field, message }] : undefined)
export const missing = (message: string) => new YearEndError('not-found', message)
export const refused = (message: string) => new YearEndError('conflict', message)
