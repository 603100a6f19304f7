import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError, showServerIssues } from '@/services/api'
import type { ErrorSummaryItem } from '@/ui/ErrorSummary'

/** The form's errors as summary lines, in the order of `labels` (nested fields included). */
export function errorSummaryItems(
  errors: FieldErrors,
  labels: Readonly<Record<string, string>>,
): ErrorSummaryItem[] {
  const items: ErrorSummaryItem[] = []
  for (const [key, label] of Object.entries(labels)) {
    const found = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        errors,
      ) as { message?: unknown } | undefined
    if (typeof found?.message === 'string') items.push({ key, label, message: found.message })
  }
  return items
}

/**
 * What to do with a failed save: the server's field messages go next to their fields, a 409
 * (a value someone else already has, e.g. a CNPJ or an e-mail) on `conflictField`; answers the
 * message to show above the form when neither applies, or null.
 */
export function saveFailureOf<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  { fields, conflictField }: { fields: readonly string[]; conflictField: Path<Values> },
): string | null {
  if (showServerIssues(setError, error, fields)) return null
  if (error instanceof ApiError && error.status === 409) {
    setError(conflictField, { message: error.message }, { shouldFocus: true })
    return null
  }
  return error instanceof Error ? error.message : String(error)
}
