import { readJsonFile, writeFileAtomic } from './atomic-file'

/**
 * A lowdb 1 adapter whose writes are group-committed: every `write()` called while a flush is
 * running joins the next flush, so many concurrent writes cost one durable file write, and each
 * caller's promise resolves only once a flush that includes its change is on disk
 * (acknowledge after durability).
 */
export class GroupCommitAdapter<T extends object> {
  private latest: T | undefined
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  private flushing: Promise<void> | null = null
  readonly source: string
  private readonly seed: () => T

  constructor(file: string, seed: () => T) {
    this.source = file
    this.seed = seed
  }

  read(): T {
    return readJsonFile<T>(this.source) ?? this.seed()
  }

  write(state: T): Promise<void> {
    this.latest = state
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.flushing ??= this.flushLoop()
    })
  }

  /** Resolves when nothing is waiting to be written. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting
        this.waiting = []
        try {
          await writeFileAtomic(this.source, JSON.stringify(this.latest))
          for (const waiter of batch) waiter.resolve()
        } catch (error) {
          for (const waiter of batch) waiter.reject(error)
        }
      }
    } finally {
      this.flushing = null
    }
  }
}
