import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
import { buildInfo } from './scripts/vite/build-info'
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
      // for when the page starts (src/main.tsx), in parallel with the session.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
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
    // The signed-in area's own route tree (src/router.tsx): the same files without the public
    // site, whose pages are prerendered HTML: /app never carries their route definitions, and a
    // link from the app to the site is a full page load (as one from the site to /app is).
    tanstackRouterGenerator({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.app.gen.js',
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
        codeSplitting: {
          groups: [
            {
              // What the client-side app needs before either router can render (React, the
              // router, the entry's own modules): one chunk instead of dozens of small shared
              // ones. The route trees are not in it: the signed-in area's page never loads the
              // public site's, nor the public site's the signed-in area's. First, so that the
              // entry imports nothing from the routers' chunks.
              name: 'framework',
              priority: 3,
              test: /[\\/]src[\\/](first-paint\.ts|lib[\\/]paths\.ts|services[\\/](site[\\/]build[\\/]watch|errors|query[\\/]lazy|session[\\/](load|stored-user))\.ts)$|[\\/]node_modules[\\/]react-dom[\\/]client\.js$/,
            },
            {
              // The router library on its own, loaded with either router (src/router.tsx,
              // src/router-public.tsx): it evaluates in a task of its own, after React's.
              name: 'router-lib',
              priority: 3,
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
            },
            {
              // The validation library, set up in Portuguese (src/schemas/locale.ts), on its own:
              // the app's start evaluates it in a task of its own, before the routes
              // (src/main.tsx).
              name: 'zod',
              priority: 3,
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]schemas[\\/]locale\.ts$/,
            },
            {
              // The signed-in area's router with what its route tree needs to match an address
              // and run the gates (the routes' params, search and beforeLoad; the screens and
              // loaders load with their routes): one chunk, not one per route file.
              name: 'app-core',
              priority: 2,
              // With the API client, which nearly every page's data goes through.
              test: /[\\/]src[\\/](router\.tsx|routeTree\.app\.gen\.js|services[\\/]api[\\/]index\.ts)$/,
            },
            {
              // The login page's screen (its password form, the layout, the sign-in messages):
              // one chunk, where every signed-out visit comes in. Its other forms load with their
              // modes.
              name: 'login',
              priority: 1,
              test: /[\\/]src[\\/](screens[\\/](auth[\\/](LoginScreen|SignInForm|EmailField|FederatedButtons)|layouts[\\/]AuthLayout)\.tsx|services[\\/]auth[\\/]auth-errors\.ts)$/,
            },
            {
              // React Query, which every signed-in page reads through: one chunk, not five.
              name: 'query',
              priority: 1,
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|[\\/]src[\\/]services[\\/]query[\\/]client\.tsx$/,
            },
            {
              // The design system's pieces every layout and form shows (fields, tabs, icons, the
              // logo): one chunk, not one per component.
              name: 'ui-core',
              priority: 1,
              test: /[\\/]src[\\/]ui[\\/](Field|Tabs|Icon|Logo)\.tsx$/,
            },
          ],
        },
      },
    },
  },
})
