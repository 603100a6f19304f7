import { useEffect } from 'react'
import { ToastContainer, toast } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { attachToastHost } from './notify'

// react-toastify and its styles, loaded the first time a page shows a toast (src/ui/notify.ts).

export { toast }

/** docs/product.md §4: 3000 ms, bottom-right, no close button, no progress bar, no icon. */
export function ToastHost() {
  // The container takes the toasts once it is mounted for good: after this commit's effects
  // (development's StrictMode mounts it, drops it and mounts it again within one commit).
  useEffect(() => {
    let detach: (() => void) | undefined
    const timer = setTimeout(() => {
      detach = attachToastHost((kind, message) =>
        kind === 'default' ? toast(message) : toast[kind](message),
      )
    })
    return () => {
      clearTimeout(timer)
      detach?.()
    }
  }, [])
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={3000}
      closeButton={false}
      hideProgressBar
      icon={false}
      theme="light"
    />
  )
}
