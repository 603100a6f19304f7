import type { Plugin } from 'vite'
import { buildServices } from './content-slugs'

// The client-side app's page (index.html, served as /app.html for the signed-in area and
// referral links; public pages are prerendered, scripts/vite/prerender.ts):
//
// - a preconnect to the API's origin, so the first request does not wait for a new connection;
// - the entry's own styles (tokens, base) inlined: small, and they do not hold the first paint
//   back for a request.

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
        return html.replace('</head>', `${preconnect}  </head>`)
      },
    },
  }
}
