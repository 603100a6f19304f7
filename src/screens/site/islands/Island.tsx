import { createContext, useContext, type ComponentType, type ReactElement } from 'react'

// Prerendered pages are plain HTML; only their interactive parts ("islands": the lead form, the
// city search, the CNAE search) become React again in the browser, each on its own, when the
// visitor reaches for it (src/entries/site/entry-static.ts). While the build renders a page, an island leaves a
// marked, empty element and is recorded; the build then renders each island as a root of its
// own (exactly what the browser hydrates: the same component, the same props, its own id
// prefix, so ids never collide) and puts its HTML and serialized props into the page.

/** The islands a page can hold; src/entries/site/site-islands.tsx maps each name to its component. */
export type IslandName = 'lead-form' | 'city-search' | 'cnae-search'

export type IslandRecord = {
  name: IslandName
  /** `i0`, `i1`…: the island's element and its React id prefix. */
  id: string
  props: object
  element: ReactElement
}

/** Set by the build while it renders a page: the islands found so far. */
export const IslandCollector = createContext<IslandRecord[] | null>(null)

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
export const serializeProps = (props: unknown) =>
  JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName
  component: ComponentType<P>
  props: P
}) {
  const collector = useContext(IslandCollector)
  if (!collector) return <Component {...props} />
  const id = `i${collector.length}`
  collector.push({ name, id, props, element: <Component {...props} /> })
  return <div data-island={name} data-island-id={id} style={{ display: 'contents' }} />
}
