import type { Plugin, ViteDevServer } from 'vite'

// `npm start` (Vite's dev server) transforms modules when the browser first asks for them, one
// level of imports at a time: the first visit of /app/login took several times the second. Once
// the server listens, this walks the module graph the way the browser will, from the app's entry:
// what the login page and the landing screens load (every import, except the code-split chunks of
// the other routes), then logs `[dev] warm`, which scripts/stack.ts waits for before the app is
// announced, so a first visit finds those pages warm. The other screens are left to the first
// visit as before: walking them too competed with that visit for the CPU. Vite's `server.warmup`
// transforms listed files without a signal when done, and does not reach the routes' code-split
// chunks.

/** The routes whose code-split chunks are walked before the app is announced. */
const LANDING_ROUTES = new RegExp(
  [
    'src/routes/__root\\.tsx',
    'src/routes/app/(route|_auth/|_bare/route|_default/route|_onboarding/(route|wizard/))',
    'src/routes/app/_admin/(route|_company/(route|panel)|admin/(route|companies/index))',
  ].join('|'),
)

export const WARM_LOG = '[dev] warm'

async function walk(server: ViteDevServer, follow: (url: string) => boolean) {
  const environment = server.environments.client
  const seen = new Set<string>()
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return
    seen.add(url)
    const result = await environment.transformRequest(url).catch(() => null)
    const module = result && (await environment.moduleGraph.getModuleByUrl(url))
    if (!module) return
    await Promise.all(
      [...module.importedModules]
        .map((imported) => imported.url)
        .filter(follow)
        .map(visit),
    )
  }
  await visit('/src/entries/app/main.tsx')
  return seen.size
}

export function devWarmup(): Plugin {
  return {
    name: 'contabil:dev-warmup',
    apply: 'serve',
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        const started = Date.now()
        const seconds = () => ((Date.now() - started) / 1000).toFixed(1)
        void walk(server, (url) => !url.includes('?tsr-split=') || LANDING_ROUTES.test(url)).then(
          (modules) =>
            server.config.logger.info(
              `${WARM_LOG}: the login page and the landing screens (${modules} modules) in ${seconds()} s`,
            ),
        )
      })
    },
  }
}
