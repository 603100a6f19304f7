import path from 'node:path'
import { build, type Rolldown } from 'vite'

// app.html's inline script, compiled from TypeScript at build (src/entries/painted-page/inline.ts
// and what it imports: the landing decision of src/lib/landing.ts, which the router's gates use
// too): one classic script, no imports, minified. No hand-written JavaScript goes into the page.

export const PAINTED_PAGE_ENTRY = 'src/entries/painted-page/inline.ts'

export async function buildPaintedPageScript(root: string): Promise<string> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      emptyOutDir: false,
      target: 'es2020',
      lib: {
        entry: path.join(root, PAINTED_PAGE_ENTRY),
        formats: ['iife'],
        name: 'contabilPaintedPage',
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .filter((file) => file.type === 'chunk')
  if (chunks.length !== 1) throw new Error(`[painted page] ${chunks.length} chunks, expected one`)
  const code = chunks[0]!.code.trim()
  // It goes inside <script>…</script> as it is.
  if (/<\/script/i.test(code)) throw new Error('[painted page] the script holds </script')
  return code
}
