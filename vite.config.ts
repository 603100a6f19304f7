import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// The web app. Ports and service addresses come from VITE_* variables (see src/config/env.ts);
// the defaults point at the local stack that `npm start` brings up.
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
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, host: 'localhost' },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, host: 'localhost' },
  build: { target: 'es2022', sourcemap: true },
})
