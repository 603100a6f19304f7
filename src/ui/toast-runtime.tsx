import { useEffect } from 'react'
import { ToastContainer, toast } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import { setToastHost } from './notify'

// react-toastify and its styles, loaded the first time a page shows a toast (src/ui/notify.ts).

export { toast }

/** The house toast: gone after 3000 ms, bottom-right, no close button, no progress bar, no icon. */
export function ToastHost() {
  // The container subscribes in its own effect, before this one; a task later it is the one that
  // stays (a development double mount has undone its first by then), and the waiting toasts go
  // to it.
  useEffect(() => {
    const timer = setTimeout(() => setToastHost(toast))
    return () => {
      clearTimeout(timer)
      setToastHost(null)
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
