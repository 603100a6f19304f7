// Toasts of the five SPEC types; their settings are in <ToastHost /> (src/ui/toast-runtime.tsx).
// react-toastify is loaded on the first toast, not with the page: <Toaster /> mounts the container
// then. Toasts raised before the container is up wait here, not in react-toastify's own queue:
// that queue is emptied into the first container to mount, which React's development double
// mount (StrictMode) throws away at once, losing a page's first toast.

type Kind = 'success' | 'error' | 'warning' | 'info' | 'default'

/** What raises a toast once the container is up (react-toastify's `toast`). */
export type ToastFunction = ((message: string) => unknown) &
  Record<Exclude<Kind, 'default'>, (message: string) => unknown>

let requested = false
const listeners = new Set<() => void>()
let host: ToastFunction | null = null
const waiting: [Kind, string][] = []

/** <Toaster /> listens here to mount the container when the first toast is raised. */
export function onToastRequested(listener: () => void) {
  if (requested) listener()
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const raise = (toast: ToastFunction, kind: Kind, message: string) =>
  kind === 'default' ? toast(message) : toast[kind](message)

/**
 * The container is up (`toast`) or gone (`null`): <ToastHost /> says so once its container
 * has mounted for good; the toasts that waited are shown then, in order.
 */
export function setToastHost(toast: ToastFunction | null) {
  host = toast
  if (!toast) return
  for (const [kind, message] of waiting.splice(0)) raise(toast, kind, message)
}

function show(kind: Kind, message: string) {
  requested = true
  listeners.forEach((listener) => listener())
  if (host) raise(host, kind, message)
  else waiting.push([kind, message])
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  default: (message: string) => show('default', message),
}
