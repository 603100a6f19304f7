import { toast } from 'react-toastify'

/** Toasts of the five SPEC types; settings come from <Toaster />. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warning: (message: string) => toast.warning(message),
  info: (message: string) => toast.info(message),
  default: (message: string) => toast(message),
}
