import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from './client'

/**
 * Which form field a server issue belongs to: the form's field names (an issue on `partners.0.cpf`
 * lands on `partners.0.cpf` when `partners` is listed), or a function from the issue's dotted
 * path to the form's path (undefined: not a field of this form).
 */
export type IssueFields = readonly string[] | ((path: string) => string | undefined)

/**
 * Puts the server's field messages (a 400's `issues`, written by the same zod schemas the form
 * uses) next to their fields, focusing the first unless the form's error summary takes the focus.
 * Answers whether any landed, so the caller shows the rest as one message above the form.
 */
export function showServerIssues<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fields: IssueFields,
  { focus = true }: { focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false
  const fieldOf =
    typeof fields === 'function'
      ? fields
      : (path: string) =>
          fields.some((field) => path === field || path.startsWith(`${field}.`)) ? path : undefined
  let shown = false
  for (const issue of error.issues) {
    const field = fieldOf(issue.path.join('.'))
    if (field === undefined) continue
    setError(
      field as Path<Values>,
      { type: 'server', message: issue.message },
      {
        shouldFocus: focus && !shown,
      },
    )
    shown = true
  }
  return shown
}
