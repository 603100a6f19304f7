// Runs something the page will need once the visitor starts using it, not before: the first key
// pressed, pointer pressed, touch or field focused anywhere on the page.

const EVENTS = ['keydown', 'pointerdown', 'touchstart', 'focusin'] as const

export function onFirstInteraction(run: () => void): () => void {
  let done = false
  const stop = () => {
    for (const type of EVENTS) window.removeEventListener(type, fire, true)
  }
  function fire() {
    if (done) return
    done = true
    stop()
    run()
  }
  for (const type of EVENTS) window.addEventListener(type, fire, { capture: true, passive: true })
  return stop
}
