// The global error handler's record (docs/product.md §8): every uncaught error is kept with where it
// happened, logged, and available to support tooling (window.__contabilErrors in the console).
export type RecordedError = {
  at: string
  source: 'router' | 'window' | 'promise' | 'query'
  path: string
  message: string
  stack?: string
}

const MAX_RECORDS = 50
const records: RecordedError[] = []

export function recordError(error: unknown, source: RecordedError['source']) {
  const entry: RecordedError = {
    at: new Date().toISOString(),
    source,
    path: typeof window === 'undefined' ? '' : window.location.pathname + window.location.search,
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
  }
  records.push(entry)
  if (records.length > MAX_RECORDS) records.shift()
  console.error(`[${source}]`, error)
  return entry
}

export const recordedErrors = (): readonly RecordedError[] => records

export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => recordError(event.error ?? event.message, 'window'))
  window.addEventListener('unhandledrejection', (event) => recordError(event.reason, 'promise'))
  Object.defineProperty(window, '__contabilErrors', { value: records, configurable: true })
}
