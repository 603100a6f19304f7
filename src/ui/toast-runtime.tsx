import { ToastContainer, toast } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'

// react-toastify and its styles, loaded the first time a page shows a toast (src/ui/notify.ts).

export { toast }

/** SPEC section 4: 3000 ms, bottom-right, no close button, no progress bar, no icon. */
export function ToastHost() {
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
