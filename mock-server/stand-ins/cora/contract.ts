import type { transactionTypes } from '../../../src/schemas/bank'

// The Cora bank's API as the product speaks it (docs/product.md §12) and its stand-in answers
// (stand-ins/cora/cora.ts `standInCora`): the consent (OAuth 2.0 authorization code: Cora's page
// sends the browser back to the web app's callback with a one-time code), the exchange of that
// code for an access token, and the account's statement read with the token. The product's side
// is mock-server/domain/bank/cora.ts; it reaches Cora only through `CoraApi`.

/** Cora's COMPE code, the bank of the accounts this API reads. */
export const CORA_BANK_ID = '403'
/** How many days of statement the product asks for (and the consent page says it reads). */
export const CORA_SYNC_DAYS = 90

/** A started consent: the address of Cora's consent page, and the `state` it carries back. */
export type CoraConsent = { url: string; state: string; expiresAt: string }

/**
 * The exchange of a one-time code. The code counts only for the consent it was issued to: the
 * same company, the `state` that consent started with, and the same person who started it.
 */
export type CoraTokenRequest = { code: string; state: string; companyId: string; uid: string }

export type CoraToken = {
  accessToken: string
  tokenType: 'Bearer'
  /** Seconds. */
  expiresIn: number
  scope: string
}

/**
 * Why an exchange is refused: `invalid_grant` (the code is unknown, expired, already used, or
 * issued for another company or `state`), `other_person` (the consent was started by someone
 * else; the code stays good for its owner).
 */
export type CoraTokenRefusal = 'invalid_grant' | 'other_person'

export type CoraTokenAnswer =
  { ok: true; token: CoraToken } | { ok: false; error: CoraTokenRefusal }

/** The account a token reads. */
export type CoraAccount = {
  bankId: string
  bankName: string
  branch: string
  accountNumber: string
  accountType: 'CHECKING'
  currency: 'BRL'
}

/** One entry of the statement (`amount` in reais, negative for a debit; `type` as OFX names it). */
export type CoraEntry = {
  /** The entry's own id, stable between reads (the product's FITID). */
  id: string
  /** `YYYY-MM-DD`. */
  date: string
  amount: number
  type: (typeof transactionTypes)[number]
  description: string
}

/** The account's statement between two days (`YYYY-MM-DD`, both included), oldest first. */
export type CoraStatement = {
  account: CoraAccount
  start: string
  end: string
  entries: CoraEntry[]
}

/** What the product asks of Cora. */
export type CoraApi = {
  /** Starts a consent for a company's account, on behalf of the person `uid`. */
  startConsent(request: { companyId: string; uid: string }): Promise<CoraConsent>
  /** Exchanges the one-time code the consent page handed back for an access token. */
  exchangeCode(request: CoraTokenRequest): Promise<CoraTokenAnswer>
  /** The statement of the account a token reads; null when the token is not (or no more) good. */
  statement(
    accessToken: string,
    period: { start: string; end: string },
  ): Promise<CoraStatement | null>
}
