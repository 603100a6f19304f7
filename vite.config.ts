import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// The web app. Ports and service addresses come from VITE_* variables (see src/config/env.ts);
// the defaults point at the local stack that `npm start` brings up.
// Address and city lookups are same-origin calls (SPEC section 7: "no base URL"); locally they
// are proxied to the mock server, in production the host rewrites them to the real services.
const lookupTarget = process.env.LOOKUP_PROXY_TARGET ?? process.env.VITE_API_URL ?? 'http://localhost:3000'
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
    react(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, host: 'localhost', proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, host: 'localhost', proxy },
  build: { target: 'es2022', sourcemap: true },
})
