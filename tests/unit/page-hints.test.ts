import { describe, expect, it, vi } from 'vitest'
import { scriptsAfterFirstPaint } from '../../scripts/vite/page-hints'

// app.html asks for the app's scripts once the page has painted (its first paint is
// the login form or the layout's skeleton), so nothing they cost comes before what it shows.

const html = `<head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/framework-2.js">
  </head><body></body>`

function run(loader: string, visibilityState: 'visible' | 'hidden') {
  const added: { tag: string; rel?: string; href?: string; src?: string; type?: string }[] = []
  const frames: (() => void)[] = []
  const document = {
    visibilityState,
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: (typeof added)[number]) => added.push(element) },
  }
  const window = { requestAnimationFrame: (frame: () => void) => frames.push(frame) }
  new Function('document', 'window', loader)(document, window)
  return { added, frames }
}

describe('the app page’s scripts after the first paint', () => {
  it('takes the entry and its preloads out of the page', () => {
    const { html: page, entry } = scriptsAfterFirstPaint(html)
    expect(entry).toBe('/assets/index-abc.js')
    expect(page).not.toContain('<script')
    expect(page).not.toContain('modulepreload')
  })

  it('adds them back once the first frame was painted (the second one started)', () => {
    vi.useFakeTimers()
    const { loader } = scriptsAfterFirstPaint(html)
    const { added, frames } = run(loader, 'visible')
    expect(added).toEqual([])
    frames.shift()!()
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(added).toEqual([])
    vi.runAllTimers()
    expect(added.map((element) => element.href ?? element.src)).toEqual([
      '/assets/rolldown-runtime-1.js',
      '/assets/framework-2.js',
      '/assets/index-abc.js',
    ])
    expect(added.at(-1)).toMatchObject({ tag: 'script', type: 'module' })
    vi.useRealTimers()
  })

  it('loads them at once in a tab opened in the background (it paints nothing)', () => {
    const { loader } = scriptsAfterFirstPaint(html)
    expect(run(loader, 'hidden').added).toHaveLength(3)
  })
})
