import type { City } from '@/schemas/city'

// Template stories (the city pages, the CNAE pages) carry placeholders such as {cidade} in their
// text; the page fills them with its data. Keys, ids and links are left alone.

const SKIP = new Set([
  '_uid',
  'component',
  'uuid',
  'id',
  'full_slug',
  'cached_url',
  'url',
  'linktype',
  'fieldtype',
])

export function fillPlaceholders<T>(value: T, vars: Record<string, string>): T {
  const pattern = new RegExp(`\\{(${Object.keys(vars).join('|')})\\}`, 'g')
  const fill = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string')
      return key && SKIP.has(key)
        ? node
        : node.replace(pattern, (_, name: string) => vars[name] ?? '')
    if (Array.isArray(node)) return node.map((item) => fill(item))
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v, k)]))
    return node
  }
  return Object.keys(vars).length === 0 ? value : (fill(value) as T)
}

/** What the city templates' placeholders stand for. */
export const cityVars = (city: City) => ({
  cidade: city.name,
  uf: city.state,
  estado: city.stateName,
  junta: city.board,
})
