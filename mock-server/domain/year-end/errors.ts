import { conflict, invalid as invalidInput, notFound } from '../errors'

// What the year's commands refuse, as the domain's errors (mock-server/domain/errors.ts): the
// edge (mock-server/http.ts, httpErrorOf) turns each kind into its HTTP status and pt-BR body;
// the commands know no HTTP.

/** Invalid input, pointing at the field it is about when there is one. */
export const invalid = (message: string, field?: (string | number)[]) =>
  invalidInput(message, field ? [{ path: field, message }] : undefined)
export const missing = notFound
export const refused = (message: string) => conflict(message)
