import path from 'node:path'
import type { OutputBundle, OutputChunk } from 'rolldown'

// What the client-side app's build knows about each public page's styles: the CSS the app loads
// for a public route (the entry's, the site layout's and the route's own, with everything they
// import, in the order the app applies them). Prerendered pages inline exactly that, so they look
// the same as the app's pages without waiting for a stylesheet.

const ROUTES_DIR = `${path.sep}src${path.sep}routes${path.sep}`

/** `_site/blog/posts/$slug.tsx` → `^/blog/posts/[^/]+/?$`. */
export function routePattern(file: string): string {
  const segments = file
    .replace(/\\/g, '/')
    .replace(/^_site\/?/, '')
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => segment && segment !== 'index')
    .map((segment) =>
      segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
  return segments.length === 0 ? '^/$' : `^/${segments.join('/')}/?$`
}

/** Chunks a chunk imports statically, itself included, depth first (import order). */
function staticClosure(bundle: OutputBundle, start: string, seen = new Set<string>()) {
  if (seen.has(start)) return seen
  const chunk = bundle[start]
  if (chunk?.type === 'chunk')
    for (const imported of chunk.imports) staticClosure(bundle, imported, seen)
  seen.add(start)
  return seen
}

const cssFilesOf = (bundle: OutputBundle, chunks: Iterable<string>) =>
  [...chunks].flatMap((file) => {
    const item = bundle[file]
    return item?.type === 'chunk' ? [...(item.viteMetadata?.importedCss ?? [])] : []
  })

export type SiteAssets = {
  /** The client-side app's entry file (`/assets/index-….js`). */
  appEntry: string
  /** [address pattern, CSS text] for each public route, most specific first. */
  css: [string, string][]
  /**
   * The styles app.html's first paint may use (src/entries/painted-page/app-first-paint.tsx): those the app
   * loads with its layouts, its login screens and the design system, less the entry's own (which
   * app.html holds already).
   */
  appCss: string
}

/** Modules of app.html's first paint: layouts, the login screens, the design system. */
const FIRST_PAINT_MODULES = /\/src\/(screens\/(layouts|auth)|ui)\//

export function siteAssets(bundle: OutputBundle): SiteAssets {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index')
  if (!entry) throw new Error('site assets: the app entry chunk is missing')
  const facade = (chunk: OutputChunk) => chunk.facadeModuleId ?? ''
  const layout = chunks.find(
    (chunk) =>
      facade(chunk).includes(`${ROUTES_DIR}_site.tsx`) && /tsr-split=component/.test(facade(chunk)),
  )
  if (!layout) throw new Error('site assets: the site layout chunk is missing')
  const source = (file: string) => {
    const item = bundle[file]
    return item?.type === 'asset' ? String(item.source) : ''
  }
  const base = [
    ...cssFilesOf(bundle, staticClosure(bundle, entry.fileName)),
    ...cssFilesOf(bundle, staticClosure(bundle, layout.fileName)),
  ]
  const css: [string, string][] = []
  for (const chunk of chunks) {
    const id = facade(chunk)
    if (!id.includes(`${ROUTES_DIR}_site${path.sep}`) || !/tsr-split=[a-z-]*component/.test(id))
      continue
    if (/errorComponent|notFoundComponent/.test(id)) continue
    const file = id.slice(id.indexOf(ROUTES_DIR) + ROUTES_DIR.length).replace(/\?.*$/, '')
    const files = [
      ...new Set([...base, ...cssFilesOf(bundle, staticClosure(bundle, chunk.fileName))]),
    ]
    css.push([routePattern(file), files.map(source).join('\n')])
  }
  // The most specific patterns first ("/blog/posts/x" before "/blog").
  css.sort((a, b) => b[0].length - a[0].length)
  const inEntry = new Set(cssFilesOf(bundle, staticClosure(bundle, entry.fileName)))
  const firstPaint = new Set<string>()
  for (const chunk of chunks)
    if (chunk.moduleIds.some((id) => FIRST_PAINT_MODULES.test(id.replace(/\\/g, '/'))))
      for (const file of cssFilesOf(bundle, staticClosure(bundle, chunk.fileName)))
        if (!inEntry.has(file)) firstPaint.add(file)
  return {
    appEntry: `/${entry.fileName}`,
    css,
    appCss: [...firstPaint].map(source).join('\n'),
  }
}
