// What a command's transaction tells the rest of the product once it has committed: the events
// the reactions (mock-server/domain/reactions.ts) subscribe to. A write raises them while it runs
// (`raise`), and they are published after its commit, never before: a reaction reads the
// committed state, in a transaction of its own.

export type DomainEvent =
  /** New bank lines (an OFX import, a Cora sync). */
  | { type: 'statement-imported'; companyId: string; transactionIds: string[] }
  /** Lines a person changed (a confirmation, an undo, a category, a guide deleted under one). */
  | { type: 'lines-changed'; companyId: string; transactionIds: string[]; amounts?: number[] }
  /** An account and its lines went away. */
  | { type: 'account-removed'; companyId: string }
  /** Invoices issued or cancelled (every one of the company's when `invoiceIds` is absent). */
  | { type: 'invoices-changed'; companyId: string; invoiceIds?: string[] }
  /** Tax guides added or replaced (a month's close, a recalculation, a guide sent). */
  | { type: 'guides-changed'; companyId: string; documentIds: string[] }
  /** A guide was paid: by a person, or by the bank line matched to it. */
  | { type: 'guide-paid'; companyId: string; documentId: string }
  /** A guide's payment was undone (an undone bank match); `paidAt` is when it had been paid. */
  | { type: 'guide-unpaid'; companyId: string; documentId: string; paidAt: string | null }

/** Raises an event inside a write; it is published once the write commits. */
export type Raise = (event: DomainEvent) => void
