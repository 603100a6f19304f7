import { startTransition, useEffect, useState } from 'react'

/**
 * How many of `total` items to show: the first `initial` at once, then `step` more per task, so
 * a long page is put on screen in several short steps instead of one long one (the browser can
 * paint and answer input in between). Everything at once when the address points at an anchor,
 * and when the page is rendered to HTML at build time (there is no window then).
 */
export function useProgressive(total: number, initial = 2, step = 2) {
  const [shown, setShown] = useState(() =>
    typeof window === 'undefined' || window.location.hash ? total : Math.min(total, initial),
  )
  useEffect(() => {
    if (shown >= total) return
    const timer = window.setTimeout(() => startTransition(() => setShown((n) => n + step)), 0)
    return () => window.clearTimeout(timer)
  }, [shown, total, step])
  return Math.min(shown, total)
}
