import { execFileSync } from 'node:child_process'
import type { Plugin } from 'vite'

// New builds (docs/product.md §7 and §9): every build gets an id, stamped into the bundle
// (import.meta.env.VITE_BUILD_ID) and written next to it:
//   /build-meta.json   this build: id, time, commit, entry;
//   /latest-build.json the newest build deployed (a deploy overwrites it), which open tabs poll
//                      hourly; when it names another id they load the new build on the next
//                      navigation (src/services/site/build/watch.ts).

function commitOf(root: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
  } catch {
    return null
  }
}

export function buildInfo(): Plugin {
  const builtAt = new Date().toISOString()
  let buildId = ''
  let commit: string | null = null
  return {
    name: 'contabil:build-info',
    apply: 'build',
    config(_, { command }) {
      if (command !== 'build') return
      commit = commitOf(process.cwd())
      buildId = `${builtAt.replace(/[-:.TZ]/g, '').slice(0, 14)}-${commit ?? 'local'}`
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) } }
    },
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry)
      this.emitFile({
        type: 'asset',
        fileName: 'build-meta.json',
        source: `${JSON.stringify({ buildId, builtAt, commit, entry: entry ? `/${entry.fileName}` : null }, null, 2)}\n`,
      })
      this.emitFile({
        type: 'asset',
        fileName: 'latest-build.json',
        source: `${JSON.stringify({ buildId, builtAt })}\n`,
      })
    },
  }
}
