import { useLayoutEffect, type ReactNode } from 'react'

// Apart from ./first-paint.ts, which the entry reads before React is loaded (./main.tsx).

/** Runs `onCommit` once React has put the first page on the screen (its first commit). */
export function FirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit])
  return children
}
