import type { Plugin } from 'vite'
import { buildServices } from './content-slugs'

// The client-side app's page (index.html, served as /app.html for the signed-in area and
// referral links; public pages are prerendered, scripts/vite/prerender.ts):
//
// - a preconnect to the API's origin, so the first request does not wait for a new connection;
// - the entry's own styles (tokens, base) inlined: small, and they do not hold the first paint
//   back for a request;
// - the app's scripts asked for once the page has painted (the build writes a first paint into
//   the page, src/entries/painted-page/app-first-paint.tsx): nothing the browser fetches or runs for them comes before
//   what the page shows. A tab opened in the background loads them at once.

export function pageHints(): Plugin {
  let apiOrigins: string[] = []
  return {
    name: 'contabil:page-hints',
    apply: 'build',
    configResolved(config) {
      const services = buildServices(config.env)
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
        for (const file of Object.values(bundle)) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue
          const link = new RegExp(
            `<link rel="stylesheet"[^>]*href="/${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
          )
          if (link.test(html)) html = html.replace(link, `<style>${String(file.source)}</style>`)
        }
        const preconnect = apiOrigins
          .map((origin) => `    <link rel="preconnect" href="${origin}" crossorigin />\n`)
          .join('')
        const { html: withoutScripts, entry, loader } = scriptsAfterFirstPaint(html)
        return withoutScripts
          .replace('</head>', () => `${preconnect}  </head>`)
          .replace(
            '</body>',
            () => `    <script data-entry="${entry}">${loader}</script>\n  </body>`,
          )
      },
    },
  }
}

/**
 * Takes the entry's module script and its modulepreload links out of the page, and gives the few
 * lines that add them back after the first paint: once a second frame has started (so the first
 * one was painted, even on a busy machine), in a task of their own.
 */
export function scriptsAfterFirstPaint(html: string) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
  if (!entry) throw new Error('page hints: the page has no entry script')
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
  const preloads = [...html.matchAll(preload)].map((match) => match[1]!)
  const loader =
    '(function(d,w,e,p){function l(){p.forEach(function(h){var k=d.createElement("link");' +
    'k.rel="modulepreload";k.crossOrigin="";k.href=h;d.head.appendChild(k)});' +
    'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=e;d.head.appendChild(s)}' +
    'if(d.visibilityState==="hidden")l();else w.requestAnimationFrame(function(){w.requestAnimationFrame(function(){setTimeout(l,0)})})}' +
    `)(document,window,${JSON.stringify(entry[1])},${JSON.stringify(preloads)})`
  return { html: html.replace(entry[0], '').replace(preload, ''), entry: entry[1]!, loader }
}
