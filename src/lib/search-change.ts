/**
 * A search-params change as an update of the latest search in the address, for
 * `navigate({ search })`. A screen computes its next search from the one it rendered; while a
 * previous change is still loading, that one is already out of date, and navigating to it would
 * undo the previous change (a competence typed while the type filter loaded dropped the type).
 * Only the keys the screen changed are applied, on top of whatever the address holds now.
 */
export function changeFrom<S extends object>(rendered: S, next: S) {
  const before = rendered as Record<string, unknown>
  const after = next as Record<string, unknown>
  const changed = new Set(
    [...Object.keys(before), ...Object.keys(after)].filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    ),
  )
  // `latest` is whatever the router holds (typed as every route's search together).
  return (latest: object): S => {
    const result: Record<string, unknown> = { ...latest }
    for (const key of changed) {
      if (after[key] === undefined) delete result[key]
      else result[key] = after[key]
    }
    return result as S
  }
}
