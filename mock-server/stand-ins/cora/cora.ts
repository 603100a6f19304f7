import { randomBytes, randomUUID } from 'node:crypto'
import { addMinutes, subDays } from 'date-fns'
import escapeHtml from 'escape-html'
import type { BankConnection, CoraAuthorization } from '../../../src/schemas/bank'
import type { Company } from '../../../src/schemas/company'
import { roundMoney } from '../../../src/kernel/money'
import { todayInBrazil } from '../../../src/schemas/finance-common'
import { recentMonths } from '../../../src/kernel/dates'
import { badRequest, forbidden } from '../../http'
import { loadFinanceCompanies } from './company-fixtures'
import type { Store } from '../../store/database'
import { accountOfStatement, bookStatement } from '../../domain/bank/ledger'
import type { Statement } from '../../domain/bank/ofx'
import {
  loadStatementProfiles,
  rngFor,
  statementKey,
  statementMonth,
  type StatementParties,
  type StatementProfile,
} from './statement-generator'

// The Cora bank OAuth stand-in (docs/product.md §12): the app asks for an authorize
// URL, the user approves on a Cora-like page served here, which redirects to the web app's
// callback with a one-time code, and the app exchanges the code for a connection.

export const CORA_BANK_ID = '403'
/** How long a started authorization (and its code) stays valid. */
const AUTHORIZATION_MINUTES = 10
/** How many days of statement the first sync brings. */
export const CORA_SYNC_DAYS = 90

export const CORA_CODE_INVALID = 'Código de autorização da Cora inválido, expirado ou já usado.'
export const CORA_OTHER_USER =
  'Esta autorização da Cora foi iniciada por outra pessoa. Conecte o Cora com o seu próprio acesso.'

export const coraCallbackUrl = (webUrl: string) =>
  `${webUrl.replace(/\/$/, '')}/app/auth/cora/callback`

/** Starts an authorization for a company and returns the URL of the authorize page (writes). */
export function startCoraAuthorization(
  store: Store,
  publicUrl: string,
  webUrl: string,
  companyId: string,
  uid: string,
  now = new Date(),
): { url: string; state: string; expiresAt: string } {
  const state = randomBytes(16).toString('hex')
  const authorization: CoraAuthorization = {
    state,
    companyId,
    uid,
    code: null,
    createdAt: now.toISOString(),
    expiresAt: addMinutes(now, AUTHORIZATION_MINUTES).toISOString(),
    usedAt: null,
  }
  // Old authorizations are of no use any more.
  const cutoff = subDays(now, 1).toISOString()
  for (const old of store.coraAuthorizations.find({ where: { expiresAt: { to: cutoff } } }))
    if (old.expiresAt < cutoff) store.coraAuthorizations.remove(old.state)
  store.coraAuthorizations.insert(authorization)
  const params = new URLSearchParams({
    client_id: 'contabil-local',
    response_type: 'code',
    scope: 'accounts.read statements.read',
    state,
    redirect_uri: coraCallbackUrl(webUrl),
  })
  return {
    url: `${publicUrl.replace(/\/$/, '')}/cora/oauth/authorize?${params}`,
    state,
    expiresAt: authorization.expiresAt,
  }
}

export function findPendingAuthorization(store: Store, state: unknown, now = new Date()) {
  const authorization = typeof state === 'string' ? store.coraAuthorizations.get(state) : undefined
  return authorization && !authorization.usedAt && authorization.expiresAt > now.toISOString()
    ? authorization
    : undefined
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f6f8; color: #1f1f24; }
  main { max-width: 440px; margin: 8vh auto; background: #fff; border-radius: 16px; padding: 32px; box-shadow: 0 8px 30px rgba(0,0,0,.08); }
  .brand { color: #fe3e6d; font-weight: 800; font-size: 28px; letter-spacing: -0.5px; }
  h1 { font-size: 20px; margin: 16px 0 8px; }
  ul { padding-left: 20px; line-height: 1.6; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; border: 0; border-radius: 10px; padding: 14px; font-size: 16px; font-weight: 600; cursor: pointer; }
  .allow { background: #fe3e6d; color: #fff; }
  .deny { background: #ececf1; color: #1f1f24; }
  .note { font-size: 13px; color: #6b6b76; margin-top: 20px; }
</style>
</head>
<body><main><div class="brand">cora</div>${body}</main></body>
</html>`

/** The authorize page (or an error page for an unknown or expired link). */
export function renderAuthorizePage(
  store: Store,
  state: unknown,
): { status: number; html: string } {
  const authorization = findPendingAuthorization(store, state)
  if (!authorization)
    return {
      status: 400,
      html: page(
        'Cora – link inválido',
        `<h1>Este link de autorização não é válido</h1>
<p>Ele expirou ou já foi usado. Volte ao Contabil e clique em <strong>Conectar conta Cora</strong> de novo.</p>`,
      ),
    }
  const company = store.companies.get(authorization.companyId)
  const name = company?.alias ?? company?.name ?? 'sua empresa'
  return {
    status: 200,
    html: page(
      'Cora – Autorizar acesso',
      `<h1>Conectar a conta Cora de ${escapeHtml(name)} ao Contabil</h1>
<p>O Contabil está pedindo permissão para <strong>ler</strong>:</p>
<ul><li>dados da conta (agência e número);</li><li>saldo;</li><li>extrato dos últimos ${CORA_SYNC_DAYS} dias e dos próximos lançamentos.</li></ul>
<p>O Contabil não consegue fazer pagamentos nem transferências com esta autorização.</p>
<form method="post" action="/cora/oauth/authorize">
<input type="hidden" name="state" value="${escapeHtml(authorization.state)}">
<div class="actions">
<button class="deny" type="submit" name="decision" value="deny">Cancelar</button>
<button class="allow" type="submit" name="decision" value="allow">Autorizar</button>
</div>
</form>
<p class="note">Ambiente de demonstração: esta página simula a autorização da Cora.</p>`,
    ),
  }
}

/** The user's answer on the page: where to send the browser (the web app's callback); writes. */
export function decideAuthorization(
  store: Store,
  webUrl: string,
  state: unknown,
  decision: unknown,
): { status: number; location?: string; html?: string } {
  const authorization = findPendingAuthorization(store, state)
  if (!authorization) return renderAuthorizePage(store, state)
  const callback = new URL(coraCallbackUrl(webUrl))
  callback.searchParams.set('state', authorization.state)
  if (decision === 'allow') {
    authorization.code = randomBytes(24).toString('base64url')
    callback.searchParams.set('code', authorization.code)
  } else {
    authorization.usedAt = new Date().toISOString()
    callback.searchParams.set('error', 'access_denied')
  }
  store.coraAuthorizations.update(authorization)
  return { status: 302, location: callback.toString() }
}

let fixtures:
  | {
      profiles: Record<string, StatementProfile>
      companies: ReturnType<typeof loadFinanceCompanies>
    }
  | undefined
const cachedFixtures = () =>
  (fixtures ??= { profiles: loadStatementProfiles(), companies: loadFinanceCompanies() })

/** What the bank's side knows of a company's Cora account: its number and how it moves. */
function coraProfileOf(store: Store, company: Company) {
  const { profiles, companies } = cachedFixtures()
  const fixture = companies.find((c) => c.companyId === company.id)
  const spec = fixture?.accounts.find((a) => a.source === 'cora')
  const rng = rngFor(`cora-account:${company.id}`)
  const accountNumber = spec?.accountNumber ?? `${rng.int(1000000, 9999999)}-${rng.int(0, 9)}`
  const profile = profiles[spec?.profile ?? 'servicos-principal'] as StatementProfile
  const takers = fixture
    ? fixture.takers.map((t) => t.name)
    : [
        ...new Set(
          store.nfsRequests
            .find({ where: { companyId: company.id } })
            .flatMap((r) => (r.taker ? [r.taker.name] : [])),
        ),
      ]
  const owner = store.users.withItem('companies', company.id)[0]?.name ?? company.name
  const parties: StatementParties = {
    company: company.name,
    owner: fixture?.owner ?? owner.toUpperCase(),
    takers: takers.length > 0 ? takers : ['CLIENTE'],
  }
  return { accountNumber, profile, parties }
}

/** The Cora account's statement for the last `CORA_SYNC_DAYS` days. */
export function coraStatement(store: Store, company: Company, now = new Date()): Statement {
  const { accountNumber, profile, parties } = coraProfileOf(store, company)
  const today = todayInBrazil(now)
  const from = todayInBrazil(subDays(now, CORA_SYNC_DAYS))
  const key = statementKey(CORA_BANK_ID, accountNumber)
  const entries = recentMonths(today, 4)
    .flatMap((month) => statementMonth(profile, parties, key, month, today))
    .filter((entry) => entry.date >= from)
    .map(({ suggestedCategoryId: _suggested, ...entry }) => entry)
  return {
    bankId: CORA_BANK_ID,
    bankName: 'Cora SCD',
    branch: '0001',
    accountNumber,
    accountType: 'CHECKING',
    currency: 'BRL',
    start: from,
    end: today,
    balance: null,
    entries,
    invalid: 0,
    duplicatesInFile: 0,
  }
}

/**
 * Exchanges a one-time code: the company gets (or refreshes) its Cora connection and account,
 * and the last 90 days of statement are imported (de-duplicated by FITID). Inside the caller's
 * store.write().
 *
 * A code counts only for the authorization it was issued to: the same company, the `state` that
 * authorization started with (the callback hands both back), and the same person who started it,
 * so a code someone else obtained (or planted in a link) connects nothing (403, and the code stays
 * good for its owner).
 */
export function exchangeCoraCode(
  store: Store,
  company: Company,
  exchange: { code: string; state: string; uid: string },
  now = new Date(),
) {
  const authorization = store.coraAuthorizations.first({ where: { code: exchange.code } })
  if (
    !authorization ||
    authorization.usedAt ||
    authorization.expiresAt <= now.toISOString() ||
    authorization.companyId !== company.id ||
    authorization.state !== exchange.state
  )
    throw badRequest(CORA_CODE_INVALID, [{ path: ['code'], message: CORA_CODE_INVALID }])
  if (authorization.uid !== exchange.uid) throw forbidden(CORA_OTHER_USER)
  const at = now.toISOString()
  authorization.usedAt = at
  store.coraAuthorizations.update(authorization)

  let connection = store.bankConnections
    .find({ where: { companyId: company.id } })
    .find((c) => c.provider === 'cora')
  if (!connection) {
    const fresh: BankConnection = {
      id: `conn-${randomUUID()}`,
      companyId: company.id,
      provider: 'cora',
      status: 'active',
      accountIds: [],
      createdAt: at,
      lastSyncAt: at,
    }
    connection = store.bankConnections.insert(fresh)
  }
  const statement = coraStatement(store, company, now)
  if (!accountOfStatement(store, company.id, statement)) {
    // A new Cora account opens with the balance the bank reports: what the period moved.
    const moved = statement.entries.reduce((sum, e) => sum + e.amount, 0)
    statement.balance = { amount: roundMoney(moved), date: statement.end as string }
  }
  const outcome = bookStatement(
    store,
    company.id,
    statement,
    { source: 'cora', connectionId: connection.id },
    now,
  )
  connection.status = 'active'
  connection.lastSyncAt = at
  if (!connection.accountIds.includes(outcome.account.id))
    connection.accountIds = [...connection.accountIds, outcome.account.id]
  store.bankConnections.update(connection)
  return { connection, ...outcome }
}
