import path from 'node:path'
import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { buildServices } from './content-slugs'
import { bootstrapScript } from './page-bootstrap'

// What lets a public page paint early (issue 4 "Light"). The build adds to index.html:
//
// - a map from each public route's address pattern to the files its page needs (its own chunk
//   and the site layout's, with their imports and styles, minus what the entry already loads),
//   and a few lines that preload the ones for the address being opened, in parallel with the
//   entry instead of after it;
// - a preconnect to the API's origin (content, CNAEs), so the page's data request does not wait
//   for a new connection;
// - the site's header, drawn by the HTML itself on public addresses, so something meaningful is
//   on screen before the JavaScript arrives; React replaces it with the same header.

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

function staticClosure(bundle: OutputBundle, start: string, seen = new Set<string>()) {
  if (seen.has(start)) return seen
  seen.add(start)
  const chunk = bundle[start]
  if (chunk?.type === 'chunk')
    for (const imported of chunk.imports) staticClosure(bundle, imported, seen)
  return seen
}

/**
 * The header of the site layout (src/screens/site/layout), as plain HTML with the same size:
 * 72 px high, the logo at the left of the container. The signed-in area does not show it.
 */
const SHELL_HTML =
  '<div class="site-shell"><div class="site-shell-inner"><span class="site-shell-brand">' +
  '<svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#0d7059"/>' +
  '<path d="M43 22.5A14 14 0 1 0 43 41.5" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>' +
  '<circle cx="45" cy="32" r="4" fill="#f7b538"/></svg>Contabil</span></div></div>'
const SHELL_CSS =
  '.site-shell{position:sticky;top:0;background:#fff;border-bottom:1px solid #cfd7e2}' +
  '.site-shell-inner{max-width:1160px;margin:0 auto;padding:0 16px;min-height:72px;display:flex;align-items:center}' +
  '.site-shell-brand{display:inline-flex;align-items:center;gap:10px;font-weight:800;font-size:21.08px;letter-spacing:-.02em;color:#0a4538}'
const SHELL_SCRIPT =
  "if(/^\\/app(\\/|$)/.test(location.pathname))document.getElementById('root').textContent=''"

export function pageHints(): Plugin {
  let apiOrigins: string[] = []
  let services = buildServices({})
  return {
    name: 'contabil:page-hints',
    apply: 'build',
    configResolved(config) {
      services = buildServices(config.env)
      apiOrigins = [
        ...new Set(
          [services.apiUrl, services.contentEndpoint].map((address) => new URL(address).origin),
        ),
      ]
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter(
          (file): file is OutputChunk => file.type === 'chunk',
        )
        const entry = chunks.find((chunk) => chunk.isEntry)
        if (!entry) return html
        const loaded = staticClosure(bundle, entry.fileName)
        const facade = (chunk: OutputChunk) => chunk.facadeModuleId ?? ''
        const isSplit = (chunk: OutputChunk, kind: RegExp) => kind.test(facade(chunk))
        const layout = chunks.find(
          (chunk) =>
            facade(chunk).includes(`${ROUTES_DIR}_site.tsx`) &&
            isSplit(chunk, /tsr-split=component$/),
        )
        const filesOf = (chunk: OutputChunk) => {
          const files = [...staticClosure(bundle, chunk.fileName)].filter(
            (file) => !loaded.has(file),
          )
          const css = files.flatMap((file) => {
            const item = bundle[file]
            return item?.type === 'chunk' ? [...(item.viteMetadata?.importedCss ?? [])] : []
          })
          return [...files, ...css]
        }
        const layoutFiles = layout ? filesOf(layout) : []
        const routes: [string, string[]][] = []
        for (const chunk of chunks) {
          const id = facade(chunk)
          if (
            !id.includes(`${ROUTES_DIR}_site${path.sep}`) ||
            !/tsr-split=(component|loader)/.test(id)
          )
            continue
          if (/errorComponent|notFoundComponent/.test(id)) continue
          const file = id
            .slice(id.indexOf(`${ROUTES_DIR}`) + ROUTES_DIR.length)
            .replace(/\?.*$/, '')
          const own = filesOf(chunk).filter((name) => !layoutFiles.includes(name))
          routes.push([routePattern(file), own.map((name) => name.replace(/^assets\//, ''))])
        }
        // The most specific patterns first ("/blog/posts/x" before "/blog").
        routes.sort((a, b) => b[0].length - a[0].length)
        const script = bootstrapScript({
          layout: layoutFiles.map((name) => name.replace(/^assets\//, '')),
          routes,
          contentEndpoint: services.contentEndpoint,
          contentToken: services.contentToken,
          apiUrl: services.apiUrl,
        })
        const preconnect = apiOrigins
          .map((origin) => `    <link rel="preconnect" href="${origin}" crossorigin />\n`)
          .join('')
        // The entry's own styles (tokens, base, the root) are small: inlined, they do not hold the
        // first paint back for a request.
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue
          const link = new RegExp(
            `<link rel="stylesheet"[^>]*href="/${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
          )
          if (link.test(html)) html = html.replace(link, `<style>${String(file.source)}</style>`)
        }
        return html
          .replace(
            '</head>',
            `${preconnect}    <script>${script}</script>\n    <style>${SHELL_CSS}</style>\n  </head>`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root">${SHELL_HTML}</div>\n    <script>${SHELL_SCRIPT}</script>`,
          )
      },
    },
  }
}
