import { randomBytes } from 'node:crypto'
import { addMinutes, subDays } from 'date-fns'
import escapeHtml from 'escape-html'
import type { CoraAuthorization } from '../../../src/schemas/bank'
import type { Company } from '../../../src/schemas/company'
import { monthsFrom } from '../../../src/kernel/dates'
import type { ServerConfig } from '../../config'
import { loadFinanceCompanies } from './company-fixtures'
import type { Store } from '../../store/database'
import {
  CORA_BANK_ID,
  CORA_SYNC_DAYS,
  type CoraApi,
  type CoraStatement,
  type CoraTokenAnswer,
  type CoraTokenRequest,
} from './contract'
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
// callback with a one-time code, and the app exchanges the code for an access token that reads
// the account's statement. The product reaches it through `CoraApi` (./contract.ts), which
// `standInCora` implements here.

/** How long a started authorization (and its code) stays valid. */
const AUTHORIZATION_MINUTES = 10
/** How long an access token reads the statement. */
const TOKEN_SECONDS = 60 * 60
/** What the product's consent asks to read. */
const SCOPE = 'accounts.read statements.read'

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
    scope: SCOPE,
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

/** The Cora account's statement between two days (both included), oldest first. */
export function coraStatement(
  store: Store,
  company: Company,
  period: { start: string; end: string },
): CoraStatement {
  const { accountNumber, profile, parties } = coraProfileOf(store, company)
  const key = statementKey(CORA_BANK_ID, accountNumber)
  const entries = monthsFrom(period.start.slice(0, 7), period.end.slice(0, 7))
    .flatMap((month) => statementMonth(profile, parties, key, month, period.end))
    .filter((entry) => entry.date >= period.start)
    .map((entry) => ({
      id: entry.fitId,
      date: entry.date,
      amount: entry.amount,
      type: entry.type,
      description: entry.description,
    }))
  return {
    account: {
      bankId: CORA_BANK_ID,
      bankName: 'Cora SCD',
      branch: '0001',
      accountNumber,
      accountType: 'CHECKING',
      currency: 'BRL',
    },
    start: period.start,
    end: period.end,
    entries,
  }
}

/**
 * Exchanges a one-time code for an access token (writes). A code counts only for the
 * authorization it was issued to: the same company, the `state` that authorization started with
 * (the callback hands both back), and the same person who started it, so a code someone else
 * obtained (or planted in a link) gets nothing (and stays good for its owner).
 */
function exchangeCode(
  store: Store,
  request: CoraTokenRequest,
  now: Date,
): { answer: CoraTokenAnswer; companyId?: string } {
  const authorization = store.coraAuthorizations.first({ where: { code: request.code } })
  if (
    !authorization ||
    authorization.usedAt ||
    authorization.expiresAt <= now.toISOString() ||
    authorization.companyId !== request.companyId ||
    authorization.state !== request.state
  )
    return { answer: { ok: false, error: 'invalid_grant' } }
  if (authorization.uid !== request.uid) return { answer: { ok: false, error: 'other_person' } }
  authorization.usedAt = now.toISOString()
  store.coraAuthorizations.update(authorization)
  const token = {
    accessToken: randomBytes(24).toString('base64url'),
    tokenType: 'Bearer' as const,
    expiresIn: TOKEN_SECONDS,
    scope: SCOPE,
  }
  return { answer: { ok: true, token }, companyId: authorization.companyId }
}

/** The Cora API as this server stands it in: the store's authorizations, tokens in memory. */
export function standInCora(
  store: Store,
  config: Pick<ServerConfig, 'publicUrl' | 'webUrl'>,
): CoraApi {
  const tokens = new Map<string, { companyId: string; expiresAt: number }>()
  return {
    async startConsent({ companyId, uid }) {
      return store.write(() =>
        startCoraAuthorization(store, config.publicUrl, config.webUrl, companyId, uid),
      )
    },
    async exchangeCode(request) {
      const now = new Date()
      const { answer, companyId } = store.write(() => exchangeCode(store, request, now))
      if (answer.ok && companyId) {
        for (const [token, grant] of tokens)
          if (grant.expiresAt <= now.getTime()) tokens.delete(token)
        tokens.set(answer.token.accessToken, {
          companyId,
          expiresAt: now.getTime() + answer.token.expiresIn * 1000,
        })
      }
      return answer
    },
    async statement(accessToken, period) {
      const grant = tokens.get(accessToken)
      const company = grant && grant.expiresAt > Date.now() && store.companies.get(grant.companyId)
      return company ? coraStatement(store, company, period) : null
    },
  }
}
