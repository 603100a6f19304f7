import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { chunkGroups } from './chunks'

// Public pages never load Firebase (docs/build-and-hosting.md): the SDK must live only in chunks
// that neither the prerendered pages' script (index.html, every public page) nor the client-side
// app's entry (app.html: the signed-in area, referral links, editors' previews) imports
// statically. And every manual chunk of vite.config.ts (scripts/vite/chunks.ts) is there and holds
// modules its test names, read from the build's source maps. `npm run test:e2e` runs this on its
// build.

const FIREBASE_MARKER = 'identitytoolkit.googleapis.com'

/** The chunks a chunk imports statically (by its code). */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!)

export function checkBundles(outDir: string): string[] {
  const assets = path.join(outDir, 'assets')
  const source = (file: string) => readFileSync(path.join(assets, file), 'utf8')
  const firebaseChunks = readdirSync(assets).filter(
    (file) => file.endsWith('.js') && source(file).includes(FIREBASE_MARKER),
  )
  const problems: string[] = []
  if (firebaseChunks.length === 0)
    problems.push('no chunk holds the Firebase SDK (check the marker)')
  for (const page of ['index.html', 'app.html']) {
    if (!existsSync(path.join(outDir, page))) {
      problems.push(`${page} is missing`)
      continue
    }
    // The app's page names its entry in a <script src>; prerendered pages in their loader.
    const entry = /(?:src|data-entry)="\/assets\/([^"]+\.js)"/.exec(
      readFileSync(path.join(outDir, page), 'utf8'),
    )?.[1]
    if (!entry) {
      problems.push(`${page} names no entry chunk`)
      continue
    }
    const seen = new Set(staticClosure(assets, [entry]))
    for (const file of firebaseChunks)
      if (seen.has(file)) problems.push(`${file} (Firebase) is loaded by ${page}'s entry ${entry}`)
  }
  return [
    ...problems,
    ...checkChunkGroups(assets),
    ...checkLoginPage(assets, outDir),
    ...checkAppCore(assets),
  ]
}

/**
 * The entities' API schemas a signed-in full load must not build in app-core (the route tree's
 * address parsing takes statuses from their own modules: invoice-status.ts, year-end-status.ts,
 * simples/queue-params.ts, document-kinds.ts); the screens that parse answers load them.
 */
const NOT_IN_APP_CORE =
  /[\\/]src[\\/]schemas[\\/](year-end|invoice|document|payment-line|nfse|bank|reconciliation|simples[\\/]api)\.ts$/

export function checkAppCore(assets: string): string[] {
  const files = readdirSync(assets).filter(
    (file) => file.startsWith('app-core-') && file.endsWith('.js'),
  )
  return files.flatMap((file) => {
    const found = modulesOf(assets, file).filter((module) => NOT_IN_APP_CORE.test(module))
    return found.length > 0
      ? [`${file} (the signed-in area's first chunk) holds ${found.join(', ')}`]
      : []
  })
}

/** Libraries the login page of a signed-out full load must not evaluate before it answers. */
const NOT_ON_THE_LOGIN_PAGE =
  /[\\/]node_modules[\\/](zod|@tanstack[\\/](react-router|router-core|query-core|react-query))[\\/]/
/** What app.html's entry must not evaluate: the login page is live as painted until it is used. */
const NOT_IN_THE_ENTRY = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/

/**
 * The login page of a signed-out full load (src/entries/app/login-page.tsx) is made live by the
 * app's entry and that page's chunk, with what they import statically: none of it may hold the
 * validation library, the router library or React Query (less code evaluated before the form
 * answers, not another split of the same work); and the entry alone, which runs before the
 * visitor used the painted page, no React at all.
 */
export function checkLoginPage(assets: string, outDir: string): string[] {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'))
  const page = files.find((file) =>
    modulesOf(assets, file).some((module) =>
      /[\\/]entries[\\/]app[\\/]login-page\.tsx$/.test(module),
    ),
  )
  const entry = /data-entry="\/assets\/([^"]+\.js)"/.exec(
    readFileSync(path.join(outDir, 'app.html'), 'utf8'),
  )?.[1]
  if (!page || !entry) return ["the login page's chunk or app.html's entry is missing"]
  const holding = (roots: string[], libraries: RegExp, when: string) =>
    staticClosure(assets, roots).flatMap((file) => {
      const found = modulesOf(assets, file).filter((module) => libraries.test(module))
      return found.length > 0
        ? [
            `${file}, loaded ${when}, holds ${found[0]} (${found.length} modules of those libraries)`,
          ]
        : []
    })
  return [
    ...holding([entry, page], NOT_ON_THE_LOGIN_PAGE, 'by the login page before it answers'),
    ...holding([entry], NOT_IN_THE_ENTRY, 'by app.html before the page is used'),
  ]
}

/** The chunks `roots` load statically, themselves included. */
function staticClosure(assets: string, roots: string[]): string[] {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    queue.push(...staticImports(readFileSync(path.join(assets, file), 'utf8')))
  }
  return [...seen]
}

/** The modules a chunk was built from (its source map's sources), as absolute paths. */
function modulesOf(assets: string, file: string): string[] {
  const map = path.join(assets, `${file}.map`)
  if (!existsSync(map)) return []
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }
  return sources.map((source) => path.resolve(assets, source))
}

/**
 * Each manual chunk: one file named after its group holds modules its test matches (another
 * chunk may share the name: a route file `login.tsx` makes a chunk `login` too).
 */
export function checkChunkGroups(assets: string): string[] {
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'))
  const problems: string[] = []
  for (const group of chunkGroups) {
    const named = files.filter((file) => file.startsWith(`${group.name}-`))
    const holders = named.filter((file) =>
      modulesOf(assets, file).some((module) => group.test.test(module)),
    )
    if (holders.length !== 1)
      problems.push(
        `manual chunk ${group.name}: ${holders.length} chunks hold modules its test names (${group.test}), expected one`,
      )
  }
  return problems
}
