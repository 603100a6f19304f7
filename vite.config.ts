import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
import { buildInfo } from './scripts/vite/build-info'
import { pageHints } from './scripts/vite/page-hints'
import { prerender } from './scripts/vite/prerender'
import { seoFiles } from './scripts/vite/seo-files'
import { staticHosting } from './scripts/vite/static-hosting'

// The web app. Ports and service addresses come from VITE_* variables (see src/config/env.ts);
// the defaults point at the local stack that `npm start` brings up.
// Address and city lookups are same-origin calls (SPEC section 7: "no base URL"); locally they
// are proxied to the mock server, in production the host rewrites them to the real services.
const lookupTarget =
  process.env.LOOKUP_PROXY_TARGET ?? process.env.VITE_API_URL ?? 'http://localhost:3000'
const proxy = {
  '/ws': { target: lookupTarget, changeOrigin: true },
  '/api': { target: lookupTarget, changeOrigin: true },
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: false,
    }),
    // The public site's own route tree (src/router-public.tsx): the same files without /app, so a
    // public page's first load carries none of the signed-in area's route definitions.
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.public.gen.js',
      routeFileIgnorePattern: '^app$',
      disableTypes: true,
      quoteStyle: 'single',
      semicolons: false,
      disableLogging: true,
    }),
    react(),
    // Build metadata for update checks; every public page prerendered to HTML with robots.txt
    // and the sitemaps (the dev server answers the same two); the preview server serves the
    // prerendered pages like the production host (scripts/vite).
    buildInfo(),
    pageHints(),
    prerender(),
    seoFiles(),
    staticHosting(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    host: 'localhost',
    proxy,
  },
  preview: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    host: 'localhost',
    proxy,
  },
  build: {
    target: 'es2022',
    // Maps for error reports, not for visitors: no sourceMappingURL in the served files, and the
    // host never serves *.map (scripts/vite/static-hosting.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every public page needs before it can render (React, the router, the public
              // route tree and the root): one chunk instead of dozens of small shared ones, because
              // the same modules are also imported by the lazily loaded signed-in area.
              name: 'site-core',
              test: /[\\/]src[\\/](router-public\.tsx|services[\\/]site[\\/]build[\\/]watch\.ts|services[\\/]errors\.ts)$|[\\/]node_modules[\\/]react-dom[\\/]client\.js$/,
            },
          ],
        },
      },
    },
  },
})
