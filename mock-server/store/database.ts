import low from 'lowdb'
import type { LowdbSync } from 'lowdb'
import type { CoreData } from '../seed/core'
import type { FinanceData } from '../seed/finance'
import type { PublicData } from '../seed/public'
import { GroupCommitAdapter } from './group-commit-adapter'

/** Everything the mock backend persists, one JSON document on disk; each area owns its part. */
export type Database = CoreData & FinanceData & PublicData

/**
 * The persisted state. `db` is a lowdb 1 instance (the shape json-server's router expects);
 * route handlers mutate `data` in place and then `await commit()`, which resolves once the
 * change is durable on disk.
 */
export class Store {
  readonly db: LowdbSync<Database>
  private readonly adapter: GroupCommitAdapter<Database>
  private readonly seed: () => Database

  constructor(file: string, seed: () => Database) {
    this.seed = seed
    this.adapter = new GroupCommitAdapter(file, seed)
    // lowdb's typings only know sync or async adapters; this one reads sync and writes async.
    this.db = low(this.adapter as unknown as import('lowdb').AdapterSync<Database>)
  }

  get data(): Database {
    return this.db.getState()
  }

  commit(): Promise<void> {
    return this.adapter.write(this.db.getState())
  }

  /** Replaces everything with a fresh seed and persists it. */
  async reset(): Promise<void> {
    this.db.setState(this.seed())
    await this.commit()
  }

  idle(): Promise<void> {
    return this.adapter.idle()
  }
}
