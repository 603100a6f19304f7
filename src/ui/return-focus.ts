import { useCallback, useLayoutEffect, useRef } from 'react'

// Where focus goes when a dialog, a drawer or a confirmation closes: back to what opened it (the
// button, the row's link), as WAI-ARIA's dialog pattern asks. Radix returns focus only to its own
// Trigger; the product's dialogs are opened from state, so the opener is taken here, when `open`
// turns true (a layout effect: before Radix moves focus into the dialog). When the opener is gone
// (the action removed its row), focus goes to what the caller names as the result, else to the
// page's main region (AppShell's #conteudo), never to <body>.

export type FocusTarget = () => HTMLElement | null | undefined

const mainRegion = () => document.getElementById('conteudo')

/** Frames to wait for the result to be on screen before settling for the main region. */
const RESULT_FRAMES = 30

export function useReturnFocus(open: boolean, result?: FocusTarget) {
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (!open) return
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
  }, [open])
  // Radix's onCloseAutoFocus: its default (the Trigger, which these dialogs have none of) is
  // prevented and the focus placed here.
  return useCallback(
    (event: Event) => {
      event.preventDefault()
      const back = opener.current
      opener.current = null
      // The person already went on (clicked or tabbed into the page while the panel was leaving):
      // their focus stays where they put it.
      const active = document.activeElement
      if (active instanceof HTMLElement && active !== document.body && active.isConnected) return
      if (back?.isConnected) return back.focus()
      if (result) focusResult(result)
      else mainRegion()?.focus()
    },
    [result],
  )
}

/**
 * Focus on what an action produced (the form that replaced the one sent, the list its row left):
 * it may render a few frames later (refetched after the action); if it never does, the main region.
 */
export function focusResult(result: FocusTarget, frames = RESULT_FRAMES) {
  const target = result()
  if (target) target.focus()
  else if (frames > 0) requestAnimationFrame(() => focusResult(result, frames - 1))
  else mainRegion()?.focus()
}
