import type { City } from '@/schemas/city'
import { placePhrases } from '@/schemas/place-articles'

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

/**
 * What the city templates' placeholders stand for. After "de" and "em" a template writes
 * {cidade_de}, {cidade_em}, {estado_de} or {estado_em}, which carry the article where Portuguese
 * uses one ("Prefeitura {cidade_de}" → "Prefeitura do Recife", "Prefeitura de Curitiba").
 */
export const cityVars = (city: City) => ({
  cidade: city.name,
  uf: city.state,
  estado: city.stateName,
  junta: city.board,
  ...placePhrases(city),
})
