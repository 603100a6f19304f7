import { createRequire } from 'node:module'
import path from 'node:path'
import escapeHtml from 'escape-html'
import { Router, type Response } from 'express'
import { openApiDocument } from '../openapi'

// The API's documentation, served by the mock itself: the OpenAPI document at `/openapi.json`
// and an interactive page at `/docs` (Swagger UI from the `swagger-ui-dist` package, served from
// node_modules: nothing is fetched from the internet). The page signs in with a demo account
// through the Auth emulator's REST API and hands the ID token to Swagger UI's "Authorize", so "Try
// it out" calls this server (same origin) as that person.

export type DemoLogin = { email: string; password: string; roles: readonly string[] }

const swaggerUiDir = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
)
const ownDir = import.meta.dirname

/** The files the page loads, by the name it asks for them. */
const assets: Record<string, string> = {
  'swagger-ui.css': path.join(swaggerUiDir, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(swaggerUiDir, 'swagger-ui-bundle.js'),
  'favicon-32x32.png': path.join(swaggerUiDir, 'favicon-32x32.png'),
  'docs.css': path.join(ownDir, 'docs.css'),
  'docs.js': path.join(ownDir, 'docs.js'),
}

let documentJson: string | undefined
/** The document as served: generated once (it depends only on the code). */
export const servedDocument = () => (documentJson ??= JSON.stringify(openApiDocument()))

/** The sign-in call of the Auth emulator's REST API (any API key does). */
export const signInUrlOf = (authEmulatorHost: string) =>
  `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-contabil`

/**
 * The sign-in box's fields: under `npm start`'s development environment a list of the demo
 * accounts with their passwords (the admin's too: it is the README's own table), anywhere else an
 * e-mail and a password to type, so no page of another environment shows a password.
 */
function accountFields(accounts: readonly DemoLogin[], example: DemoLogin | undefined) {
  if (!example)
    return `<label>E-mail <input name="account" type="email" autocomplete="username" required></label>
      <label>Senha <input name="password" type="password" autocomplete="current-password" required></label>`
  const choices = accounts
    .map(
      (account) =>
        `<option value="${escapeHtml(account.email)}" data-password="${escapeHtml(account.password)}"${account === example ? ' selected' : ''}>${escapeHtml(account.email)} (${escapeHtml(account.roles.join(', '))})</option>`,
    )
    .join('')
  return `<label>Conta <select name="account">${choices}</select></label>
      <label>Senha <input name="password" type="password" autocomplete="off" value="${escapeHtml(example.password)}"></label>`
}

function page(options: { authEmulatorHost: string; accounts: readonly DemoLogin[] }) {
  const signInUrl = signInUrlOf(options.authEmulatorHost)
  const first = options.accounts.find((account) => !account.roles.includes('system-admin'))
  const example = first ?? options.accounts[0]
  const credentials = example
    ? { email: example.email, password: example.password }
    : { email: '<e-mail>', password: '<senha>' }
  const curl = `curl -s -X POST '${signInUrl}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify({ ...credentials, returnSecureToken: true })}'`
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contabil — API simulada</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/docs.css">
</head>
<body>
<header class="docs-header">
  <h1>Contabil — API simulada</h1>
  <p>O contrato da API (<a href="/openapi.json">OpenAPI 3.1</a>), gerado das tabelas de rotas de <code>mock-server/routes</code> e dos schemas zod de <code>src/schemas</code>. Os endpoints estão agrupados por recurso, como em docs/api.md.</p>
  <section class="docs-token" aria-labelledby="token-title">
    <h2 id="token-title">Token para o “Try it out”</h2>
    <p>Os endpoints com cadeado pedem um token: entre com uma conta de demonstração (o emulador do Firebase Auth devolve um ID token, que vai para “Authorize”).${example ? '' : ' As contas aparecem aqui só no ambiente de desenvolvimento (<code>npm start</code>); as de demonstração estão no README.'}</p>
    <form id="sign-in" data-sign-in-url="${escapeHtml(signInUrl)}">
      ${accountFields(options.accounts, example)}
      <button type="submit">Entrar e autorizar</button>
      <output id="sign-in-status" role="status" aria-live="polite"></output>
    </form>
    <details>
      <summary>Ou pelo terminal</summary>
      <pre><code>${escapeHtml(curl)}</code></pre>
      <p>Use o <code>idToken</code> da resposta como <code>Authorization: Bearer &lt;idToken&gt;</code> (vale uma hora).</p>
    </details>
  </section>
</header>
<main id="swagger-ui"></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs.js"></script>
</body>
</html>
`
}

/**
 * What the page may load and call: this server, and the Auth emulator for the sign-in; Swagger
 * UI styles some elements inline. Anything else a browser refuses.
 */
const contentPolicy = (authEmulatorHost: string) =>
  [
    "default-src 'self'",
    `connect-src 'self' http://${authEmulatorHost}`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')

const noCache = (res: Response) => res.set('Cache-Control', 'no-cache')

/**
 * `GET /openapi.json`, `GET /docs` and the page's files under `/docs/assets/`. `accounts`: the demo
 * accounts the sign-in box lists (none outside the development environment, see accountFields).
 */
export function docsRouter(options: { authEmulatorHost: string; accounts: readonly DemoLogin[] }) {
  const router = Router()
  const html = page(options)
  router.get('/openapi.json', (_req, res) => {
    noCache(res).type('json').send(servedDocument())
  })
  router.get('/docs', (_req, res) => {
    noCache(res)
      .set('Content-Security-Policy', contentPolicy(options.authEmulatorHost))
      .type('html')
      .send(html)
  })
  router.get('/docs/assets/:name', (req, res, next) => {
    // Only the table's own names: `constructor` or `__proto__` are no file (Object.hasOwn).
    const name = req.params.name ?? ''
    if (!Object.hasOwn(assets, name)) return next()
    const file = assets[name]!
    res.sendFile(file, { headers: { 'Cache-Control': 'no-cache' } }, (error) => {
      if (error) next(error)
    })
  })
  return router
}
