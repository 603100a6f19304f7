/** Lower case, no accents, single spaces: how free text is compared in searches. */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/**
 * A folded search text per record, computed once (records are matched many times; the fields
 * searched do not change after creation).
 */
export function searchTextCache<T extends object>(
  fields: (record: T) => (string | number | null)[],
) {
  const cache = new WeakMap<T, string>()
  return (record: T) => {
    let text = cache.get(record)
    if (text === undefined) {
      text = foldText(
        fields(record)
          .filter((v) => v !== null)
          .join(' '),
      )
      cache.set(record, text)
    }
    return text
  }
}

/**
 * A predicate: every word of the query appears in a folded text (accents and case ignored).
 * Fold the query once, then test many records.
 */
export function queryMatcher(query: string): (text: string) => boolean {
  const words = foldText(query).split(' ').filter(Boolean)
  return (text) => words.every((word) => text.includes(word))
}
