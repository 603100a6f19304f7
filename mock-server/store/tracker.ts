/**
 * Change tracking for the persisted state, so a commit writes only what changed.
 *
 * Route handlers read and mutate `store.data` in place. `store.data` is a Proxy over the raw state:
 * reading a collection gives a proxy of its array, reading a record gives a proxy of the record
 * (nested objects and arrays too, cached per object). Writes through those proxies store plain
 * values in the raw state and mark what they touched:
 *
 * - a record (or anything nested in it) was changed → the record is dirty;
 * - a collection array changed shape (push, splice, index assignment, sort, length) → its
 *   membership is dirty;
 * - a top-level key was assigned or deleted → the collection was replaced.
 *
 * The raw state never holds a proxy: assigned values are unwrapped, and an object that already
 * lives somewhere else in the state (e.g. the `address` of another record) is copied, so every
 * raw object has exactly one place. Reads through proxies are slower than raw reads, so hot paths
 * use an index (`store.index`, `store.byId`) that reads raw records and hands out proxies.
 */

type Json = Record<string, unknown> | unknown[]
type Id = string | number

/** Where a proxied object lives: a collection, and the record in it (null for whole values). */
export type Owner = { readonly collection: string; readonly record: object | null }

export type CollectionListener = {
  /** A record of the collection (or something inside it) was changed in place. */
  record(raw: object): void
  /** The collection array changed shape, or was replaced, or the whole state was. */
  membership(): void
}

type Dirty = { records: Set<object>; membership: boolean; replaced: boolean }

const isPlain = (value: object): value is Json => {
  if (Array.isArray(value)) return true
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const isIndexKey = (key: string | symbol) => {
  if (typeof key !== 'string' || key.length === 0) return false
  const code = key.charCodeAt(0)
  return code >= 48 && code <= 57
}

/** Every tracked proxy (of any store) and the raw object behind it. */
const proxyTargets = new WeakMap<object, { raw: object; owner: Owner | null }>()

/**
 * A value ready to serialise: tracked proxies replaced by their raw objects, in the value and in
 * the plain objects and arrays around them (a response envelope such as `{ data: [...], total }`).
 * Raw objects never hold proxies, so nothing below a proxy is walked. Serialising raw objects is
 * several times faster than serialising through the proxies' traps.
 */
export function plainOf<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  const entry = proxyTargets.get(value)
  if (entry) return entry.raw as T
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((item, i) => {
      const plain = plainOf(item)
      if (plain !== item) (copy ??= [...value])[i] = plain
    })
    return (copy ?? value) as T
  }
  if (!isPlain(value)) return value
  const object = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(object)) {
    const plain = plainOf(item)
    if (plain !== item) (copy ??= { ...object })[key] = plain
  }
  return (copy ?? value) as T
}

export const recordId = (record: unknown): Id | undefined => {
  if (typeof record !== 'object' || record === null) return undefined
  const id = (record as { id?: unknown }).id
  return typeof id === 'string' || typeof id === 'number' ? id : undefined
}

export class Tracker {
  private rawRoot: Record<string, unknown>
  private rootProxy: Record<string, unknown>
  private readonly proxies = new WeakMap<object, { proxy: object; owner: Owner | null }>()
  private readonly targets = proxyTargets
  private readonly recordOwners = new WeakMap<object, Owner>()
  private readonly collectionOwners = new Map<string, Owner>()
  private dirty = new Map<string, Dirty>()
  private readonly versions = new Map<string, number>()
  private readonly listeners = new Map<string, Set<CollectionListener>>()

  constructor(root: Record<string, unknown>) {
    this.rawRoot = root
    this.rootProxy = this.makeRoot(root)
  }

  /** The tracked view of the state (what `store.data` returns). */
  get root(): Record<string, unknown> {
    return this.rootProxy
  }

  /** The untracked state: for serialising and for indexes. Never mutate it. */
  get raw(): Record<string, unknown> {
    return this.rawRoot
  }

  /** Replaces the whole state (reset, lowdb `setState`); every collection counts as replaced. */
  replaceRoot(root: Record<string, unknown>) {
    const keys = new Set([...Object.keys(this.rawRoot), ...Object.keys(root)])
    this.rawRoot = this.unwrapInto(root, { kind: 'state' }) as Record<string, unknown>
    this.rootProxy = this.makeRoot(this.rawRoot)
    for (const key of keys) this.markReplaced(key)
  }

  /** The raw object behind a proxy (or the value itself). */
  unwrap<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return value
    const entry = this.targets.get(value)
    return (entry ? entry.raw : value) as T
  }

  /** A tracked view of a raw record of `collection` (for indexes that keep raw records). */
  recordView<T extends object>(collection: string, raw: T): T {
    return this.wrap(raw, this.ownerOfRecord(collection, raw)) as T
  }

  /** Takes the changes made since the last call. */
  takeDirty(): Map<string, Dirty> {
    const taken = this.dirty
    this.dirty = new Map()
    return taken
  }

  hasDirty(): boolean {
    return this.dirty.size > 0
  }

  /** A number that changes whenever anything in the collection changes (for caches). */
  version(collection: string): number {
    return this.versions.get(collection) ?? 0
  }

  subscribe(collection: string, listener: CollectionListener): () => void {
    let set = this.listeners.get(collection)
    if (!set) this.listeners.set(collection, (set = new Set()))
    set.add(listener)
    return () => set.delete(listener)
  }

  // ---- marking ----

  private dirtyOf(collection: string): Dirty {
    this.versions.set(collection, (this.versions.get(collection) ?? 0) + 1)
    let entry = this.dirty.get(collection)
    if (!entry) {
      entry = { records: new Set(), membership: false, replaced: false }
      this.dirty.set(collection, entry)
    }
    return entry
  }

  private markRecord(owner: Owner) {
    if (owner.record === null) {
      this.markReplaced(owner.collection)
      return
    }
    this.dirtyOf(owner.collection).records.add(owner.record)
    const listeners = this.listeners.get(owner.collection)
    if (listeners) for (const listener of listeners) listener.record(owner.record)
  }

  private markMembership(collection: string) {
    this.dirtyOf(collection).membership = true
    const listeners = this.listeners.get(collection)
    if (listeners) for (const listener of listeners) listener.membership()
  }

  private markReplaced(collection: string) {
    this.dirtyOf(collection).replaced = true
    const listeners = this.listeners.get(collection)
    if (listeners) for (const listener of listeners) listener.membership()
  }

  // ---- owners and proxies ----

  private ownerOfRecord(collection: string, raw: object): Owner {
    let owner = this.recordOwners.get(raw)
    if (!owner || owner.collection !== collection) {
      owner = { collection, record: raw }
      this.recordOwners.set(raw, owner)
    }
    return owner
  }

  private ownerOfCollection(collection: string): Owner {
    let owner = this.collectionOwners.get(collection)
    if (!owner) this.collectionOwners.set(collection, (owner = { collection, record: null }))
    return owner
  }

  private wrap(raw: object, owner: Owner | null, collectionArray = false): object {
    const cached = this.proxies.get(raw)
    if (cached && cached.owner === owner) return cached.proxy
    if (!isPlain(raw)) return raw
    const handler = collectionArray
      ? this.collectionHandler(owner as Owner)
      : this.valueHandler(owner as Owner)
    const proxy = new Proxy(raw, handler)
    this.proxies.set(raw, { proxy, owner })
    this.targets.set(proxy, { raw, owner })
    return proxy
  }

  private makeRoot(root: Record<string, unknown>): Record<string, unknown> {
    const handler: ProxyHandler<Record<string, unknown>> = {
      get: (target, key) => {
        const value = Reflect.get(target, key)
        if (typeof key !== 'string' || typeof value !== 'object' || value === null) return value
        if (Array.isArray(value)) return this.wrap(value, this.ownerOfCollection(key), true)
        return this.wrap(value, this.ownerOfCollection(key))
      },
      set: (target, key, value) => {
        if (typeof key !== 'string') return Reflect.set(target, key, value)
        target[key] = this.unwrapInto(value, { kind: 'top', collection: key })
        this.markReplaced(key)
        return true
      },
      deleteProperty: (target, key) => {
        const done = Reflect.deleteProperty(target, key)
        if (typeof key === 'string') this.markReplaced(key)
        return done
      },
      defineProperty: (target, key, descriptor) => {
        if (typeof key !== 'string' || !('value' in descriptor))
          return Reflect.defineProperty(target, key, descriptor)
        const value = this.unwrapInto(descriptor.value, { kind: 'top', collection: key })
        const done = Reflect.defineProperty(target, key, { ...descriptor, value })
        this.markReplaced(key)
        return done
      },
    }
    const proxy = new Proxy(root, handler)
    this.targets.set(proxy, { raw: root, owner: null })
    return proxy
  }

  /** The array of a collection: elements are records, each with its own owner. */
  private collectionHandler(owner: Owner): ProxyHandler<unknown[]> {
    const { collection } = owner
    return {
      get: (target, key) => {
        const value = Reflect.get(target, key)
        if (typeof value !== 'object' || value === null || !isIndexKey(key)) return value
        return this.wrap(value, this.ownerOfRecord(collection, value))
      },
      set: (target, key, value) => {
        const raw = this.unwrapInto(value, { kind: 'collection', collection })
        const done = Reflect.set(target, key, raw)
        this.markMembership(collection)
        return done
      },
      deleteProperty: (target, key) => {
        const done = Reflect.deleteProperty(target, key)
        this.markMembership(collection)
        return done
      },
      defineProperty: (target, key, descriptor) => {
        const next =
          'value' in descriptor
            ? {
                ...descriptor,
                value: this.unwrapInto(descriptor.value, { kind: 'collection', collection }),
              }
            : descriptor
        const done = Reflect.defineProperty(target, key, next)
        this.markMembership(collection)
        return done
      },
    }
  }

  /** A record or anything inside it (or a non-array top-level value when `record` is null). */
  private valueHandler(owner: Owner): ProxyHandler<Json> {
    return {
      get: (target, key) => {
        const value = Reflect.get(target, key)
        if (typeof value !== 'object' || value === null || typeof key !== 'string') return value
        const descriptor = Object.getOwnPropertyDescriptor(target, key)
        // Proxy invariant: a frozen property must read as its very value.
        if (descriptor && !descriptor.configurable && !descriptor.writable) return value
        return this.wrap(value, owner)
      },
      set: (target, key, value) => {
        const done = Reflect.set(target, key, this.unwrapInto(value, { kind: 'record', owner }))
        this.changed(owner, target, key)
        return done
      },
      deleteProperty: (target, key) => {
        const done = Reflect.deleteProperty(target, key)
        this.changed(owner, target, key)
        return done
      },
      defineProperty: (target, key, descriptor) => {
        const next =
          'value' in descriptor
            ? { ...descriptor, value: this.unwrapInto(descriptor.value, { kind: 'record', owner }) }
            : descriptor
        const done = Reflect.defineProperty(target, key, next)
        this.changed(owner, target, key)
        return done
      },
    }
  }

  private changed(owner: Owner, target: object, key: string | symbol) {
    this.markRecord(owner)
    // A record whose id changed moves in the collection's id map.
    if (owner.record === target && key === 'id') this.markMembership(owner.collection)
  }

  /**
   * Makes a value safe to store: proxies become their raw objects, and an object that already
   * lives elsewhere in the state is copied, so every raw object has one place. Plain objects
   * are fixed in place.
   */
  private unwrapInto(value: unknown, destination: Destination, seen?: Set<object>): unknown {
    if (typeof value !== 'object' || value === null) return value
    const entry = this.targets.get(value)
    if (entry) return this.keepOrCopy(entry.raw, entry.owner, destination)
    if (seen?.has(value) || !isPlain(value)) return value
    seen ??= new Set()
    seen.add(value)
    const inner = innerDestination(destination, value)
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child = value[i]
        if (typeof child !== 'object' || child === null) continue
        const fixed = this.unwrapInto(child, inner, seen)
        if (fixed !== child) value[i] = fixed
      }
    } else {
      const object = value as Record<string, unknown>
      for (const key of Object.keys(object)) {
        const child = object[key]
        if (typeof child !== 'object' || child === null) continue
        const fixed = this.unwrapInto(child, inner, seen)
        if (fixed !== child) object[key] = fixed
      }
    }
    return value
  }

  private keepOrCopy(raw: object, owner: Owner | null, destination: Destination): object {
    switch (destination.kind) {
      case 'state':
        return raw
      case 'copy':
        return structuredClone(raw)
      case 'record':
        // Moving something within one record keeps it; taking it from elsewhere copies it.
        return owner?.collection === destination.owner.collection &&
          owner.record === destination.owner.record &&
          raw !== owner.record
          ? raw
          : structuredClone(raw)
      case 'collection':
        // A record of this very collection moved around (filter, sort, splice) stays itself.
        return owner?.collection === destination.collection && owner.record === raw
          ? raw
          : structuredClone(raw)
      case 'top':
        if (owner?.collection === destination.collection && owner.record === null) return raw
        if (!Array.isArray(raw)) return structuredClone(raw)
        return raw.map((item: unknown) => {
          if (typeof item !== 'object' || item === null) return item
          const itemOwner = this.recordOwners.get(item)
          return itemOwner?.collection === destination.collection ? item : structuredClone(item)
        })
    }
  }
}

/** Where an assigned value goes, which decides whether a proxy in it is kept or copied. */
type Destination =
  | { kind: 'state' }
  | { kind: 'top'; collection: string }
  | { kind: 'collection'; collection: string }
  | { kind: 'record'; owner: Owner }
  | { kind: 'copy' }

function innerDestination(destination: Destination, value: Json): Destination {
  switch (destination.kind) {
    case 'top':
      return Array.isArray(value)
        ? { kind: 'collection', collection: destination.collection }
        : { kind: 'copy' }
    case 'collection':
      // A new record: what it holds is its own, anything taken from elsewhere is copied.
      return { kind: 'copy' }
    default:
      return destination
  }
}
