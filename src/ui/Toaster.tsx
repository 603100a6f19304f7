import { lazy, Suspense, useEffect, useState } from 'react'
import { onToastRequested } from './notify'

const ToastHost = lazy(() =>
  import('./toast-runtime').then((module) => ({ default: module.ToastHost })),
)

/** Mounts the toast container (docs/product.md §4 settings) once a page raises its first toast. */
export function Toaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => onToastRequested(() => setWanted(true)), [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  )
}
