import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
import { buildInfo } from './scripts/vite/build-info'
import { chunkGroups } from './scripts/vite/chunks'
import { devWarmup } from './scripts/vite/dev-warmup'
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
      // A route's loader goes with its screen, out of the route tree every page loads: the tree
      // keeps what matching and the gates need (params, search, beforeLoad), so the login page
      // does not fetch every screen's services, schemas and masks. The screen's chunk is asked
      // for when the page starts (src/entries/app/main.tsx), in parallel with the session.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/entries/route-trees/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: false,
    }),
    // The public site's own route tree (src/entries/site/router-public.tsx): the same files without /app, so a
    // public page's first load carries none of the signed-in area's route definitions.
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/entries/route-trees/routeTree.public.gen.js',
      routeFileIgnorePattern: '^app$',
      disableTypes: true,
      quoteStyle: 'single',
      semicolons: false,
      disableLogging: true,
    }),
    // The signed-in area's own route tree (src/entries/app/router.tsx): the same files without the public
    // site, whose pages are prerendered HTML: /app never carries their route definitions, and a
    // link from the app to the site is a full page load (as one from the site to /app is).
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/entries/route-trees/routeTree.app.gen.js',
      routeFileIgnorePattern: '^_site',
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
    // `npm start`: the login page and the landing screens transformed before the first visit.
    devWarmup(),
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
        // The manual chunks, by file path (scripts/vite/chunks.ts; the e2e run's bundle check
        // proves each one holds what its test names).
        codeSplitting: {
          groups: chunkGroups.map(({ name, priority, test }) => ({ name, priority, test })),
        },
      },
    },
  },
})
