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

export function checkBundles(outDir: string): string[] {
  const assets = path.join(outDir, 'assets')
  const source = (file: string) => readFileSync(path.join(assets, file), 'utf8')
  const staticImports = (code: string) =>
    [...code.matchAll(/(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!)
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
    const seen = new Set<string>()
    const queue = [entry]
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      queue.push(...staticImports(source(file)))
    }
    for (const file of firebaseChunks)
      if (seen.has(file)) problems.push(`${file} (Firebase) is loaded by ${page}'s entry ${entry}`)
  }
  return [...problems, ...checkChunkGroups(assets)]
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
