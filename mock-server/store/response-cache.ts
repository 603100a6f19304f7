import { plainOf } from './tracker'
import type { Collection, Store } from './database'

/**
 * Serialised answers of a read endpoint, reused until one of the collections it reads changes
 * (`store.version`). For hot lists whose answer is the same for many calls (the admin's company
 * list): the request is served with one map lookup instead of filtering, sorting and serialising.
 * Keys must hold everything the answer depends on besides those collections (query, caller scope).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: string; text: string }>()

  constructor(
    private readonly store: Store,
    private readonly collections: readonly Collection[],
    private readonly max = 500,
  ) {}

  /** The JSON text of the answer for `key`, built by `build` when missing or stale. */
  get(key: string, build: () => unknown): string {
    const version = this.collections.map((c) => this.store.version(c)).join('.')
    const hit = this.entries.get(key)
    if (hit && hit.version === version) return hit.text
    const text = JSON.stringify(plainOf(build()))
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { version, text })
    return text
  }
}
