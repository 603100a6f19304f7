// Toasts of the five kinds (docs/product.md §4); their settings are in <ToastHost /> (src/ui/toast-runtime.tsx).
// react-toastify is loaded on the first toast, not with the page: <Toaster /> mounts the container
// then. Toasts raised before the container is there wait here, and the container takes them once
// it is mounted for good (react-toastify's own waiting list went to the first container React
// mounted, which development's StrictMode drops and mounts again: the toast was lost).

type Kind = 'success' | 'error' | 'warning' | 'info' | 'default'
type Deliver = (kind: Kind, message: string) => void

let requested = false
const listeners = new Set<() => void>()
const waiting: [Kind, string][] = []
let deliver: Deliver | undefined

/** <Toaster /> listens here to mount the container when the first toast is raised. */
export function onToastRequested(listener: () => void) {
  if (requested) listener()
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * <ToastHost /> hands its container over once it is mounted: the toasts raised before are shown
 * now, in order, and the next ones at once. Returns the way to take it back (unmount).
 */
export function attachToastHost(host: Deliver) {
  deliver = host
  for (const [kind, message] of waiting.splice(0)) host(kind, message)
  return () => {
    if (deliver === host) deliver = undefined
  }
}

function show(kind: Kind, message: string) {
  requested = true
  listeners.forEach((listener) => listener())
  if (deliver) deliver(kind, message)
  else waiting.push([kind, message])
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  default: (message: string) => show('default', message),
}
