import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'

/** SPEC section 4: 3000 ms, bottom-right, no close button, no progress bar, no icon. */
export function Toaster() {
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
