// Toasts of the five SPEC types; their settings are in <ToastHost /> (src/ui/toast-runtime.tsx).
// react-toastify is loaded on the first toast, not with the page: <Toaster /> mounts the container
// then, and toasts raised before it is mounted are queued by react-toastify and shown with it.

type Kind = 'success' | 'error' | 'warning' | 'info' | 'default'

const loadRuntime = () => import('./toast-runtime')

let requested = false
const listeners = new Set<() => void>()

/** <Toaster /> listens here to mount the container when the first toast is raised. */
export function onToastRequested(listener: () => void) {
  if (requested) listener()
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function show(kind: Kind, message: string) {
  requested = true
  listeners.forEach((listener) => listener())
  void loadRuntime().then(({ toast }) =>
    kind === 'default' ? toast(message) : toast[kind](message),
  )
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  default: (message: string) => show('default', message),
}
