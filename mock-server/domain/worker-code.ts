import { createHash, randomUUID } from 'node:crypto'
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, stop, type Plugin } from 'esbuild'

// A worker module in TypeScript (ofx/worker.ts, bank/reconciliation/worker.ts,
// invoices/nfse/worker.ts) as one JavaScript file a plain Worker runs. Workers start without the
// API's TypeScript loader (tsx: mock-server/plain-worker.ts leaves it out of their options);
// registering it in each worker started a loader thread of its own per worker (about 150 MB
// resident for the NFS-e's). Instead the module and the repository's files it imports are bundled
// by esbuild (the packages stay imports, resolved from the repository as before) into
// node_modules/.cache/contabil-workers/, the file named by a hash of its content: a module edited
// and the server restarted gives a new file, never a stale one. Several servers (the test runs)
// may write the same file at once: each writes a temporary name and renames it.
// Bundling runs in esbuild's own process (its async API), never holding up the API's thread.

const root = fileURLToPath(new URL('../../', import.meta.url))
const cacheDir = path.join(root, 'node_modules', '.cache', 'contabil-workers')

/** Each module's bundle in this process: built once, shared by its threads and their restarts. */
const scripts = new Map<string, Promise<URL>>()
let building = 0

/**
 * The URL of a script a plain Worker runs for `module` (a worker module's file URL): bundled on
 * the first call, the same promise after. A failed bundle is built again on the next call.
 */
export function workerScript(module: URL): Promise<URL> {
  const known = scripts.get(module.href)
  if (known) return known
  const script = bundle(module)
  scripts.set(module.href, script)
  script.catch(() => scripts.delete(module.href))
  return script
}

async function bundle(module: URL): Promise<URL> {
  const entry = fileURLToPath(module)
  building++
  let code: string
  try {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      write: false,
      logLevel: 'silent',
      plugins: [ownUrls],
    })
    code = result.outputFiles[0]!.text
  } finally {
    // The bundles are built at the first start of each worker and kept: esbuild's process is not
    // needed again until another module is asked for (a call starts it again).
    if (--building === 0) void stop()
  }
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const name = path
    .relative(root, entry)
    .replace(/\.[^./]+$/, '')
    .replaceAll(path.sep, '-')
  const file = path.join(cacheDir, `${name}-${hash}.mjs`)
  if (!(await exists(file))) {
    await mkdir(cacheDir, { recursive: true })
    const temporary = `${file}.${process.pid}-${randomUUID()}.tmp`
    await writeFile(temporary, code)
    await rename(temporary, file)
  }
  return pathToFileURL(file)
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/** What each of the `import.meta` properties used in the repository's code names. */
const metaOf: Record<string, (file: string) => string> = {
  url: (file) => pathToFileURL(file).href,
  filename: (file) => file,
  dirname: (file) => path.dirname(file),
}

/**
 * `import.meta.url` (and `.filename`, `.dirname`) of each bundled file written as that file's own
 * (xsd.ts finds its schemas beside it, fixtures.ts the fixtures), not the bundle's. Any other use
 * of `import.meta` fails the bundle rather than silently naming the cache.
 */
const ownUrls: Plugin = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/, namespace: 'file' }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const contents = source.replace(/\bimport\.meta\.(url|filename|dirname)\b/g, (_, key) =>
        JSON.stringify(metaOf[key as string]!(args.path)),
      )
      const other = /\bimport\.meta\b.{0,20}/.exec(contents)
      if (other) {
        return { errors: [{ text: `${args.path}: "${other[0]}" would name the bundle's file` }] }
      }
      return { contents, loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' }
    })
  },
}
