import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'

// The build plugins use modules of the mock server (reference data, the content fixtures) and of
// the scripts (starting a mock server). They are loaded when a plugin needs them, by Node itself
// (through tsx, as the mock server runs), not bundled into Vite's config file: the config stays
// small, and the modules keep their real import order.

const load = <T>(root: string, file: string): Promise<T> =>
  tsImport(pathToFileURL(path.join(root, file)).href, import.meta.url) as Promise<T>

/** The municipalities and CNAE subclasses the API serves (fixtures/reference). */
export async function referenceData(root: string) {
  const [{ cityDirectory }, { cnaeCatalog }] = await Promise.all([
    load<typeof import('../../mock-server/reference/cities')>(
      root,
      'mock-server/reference/cities.ts',
    ),
    load<typeof import('../../mock-server/reference/cnaes')>(
      root,
      'mock-server/reference/cnaes.ts',
    ),
  ])
  return { cities: cityDirectory().all, cnaes: cnaeCatalog().all }
}

/** The content stand-in's published stories, read from its fixtures. */
export async function fixtureStories(root: string) {
  const { contentSpace } = await load<typeof import('../../mock-server/stand-ins/storyblok/space')>(
    root,
    'mock-server/stand-ins/storyblok/space.ts',
  )
  return contentSpace().stories.published
}

/** scripts/stack.ts: starting the local services. */
export const stackModule = (root: string) =>
  load<typeof import('../stack')>(root, 'scripts/stack.ts')
