// docs/product.md §2: "A table of fixed redirect rules exists". This is that table, shared like a
// schema: the host answers it with a 301 (scripts/vite/static-hosting.ts) and the app applies it in the
// root route's beforeLoad, before any route loads. Rules match a whole path (a trailing slash is
// ignored); the visitor's query string is kept, on top of any the target sets.

export type RedirectRule = {
  from: string
  to: string
  /** Why the rule exists, for whoever edits the table. */
  reason: string
}

export const redirectRules: readonly RedirectRule[] = [
  { from: '/app', to: '/app/panel', reason: 'the signed-in area opens on the panel' },
  { from: '/app/admin', to: '/app/admin/companies', reason: 'the back office opens on companies' },
  {
    from: '/app/admin/invoices',
    to: '/app/admin/invoices/nf-requests',
    reason: 'the only admin invoice screen',
  },
  { from: '/app/user', to: '/app/user/my-profile', reason: 'the user area opens on the profile' },
  {
    from: '/app/bank-statements',
    to: '/app/bank-statements/accounts',
    reason: 'bank statements open on the accounts',
  },
  {
    from: '/app/wizard',
    to: '/app/panel',
    reason: 'the panel gate sends each company to its own wizard',
  },
  { from: '/app/partners', to: '/app/partners/duca', reason: 'the only partner' },
  { from: '/login', to: '/app/login', reason: 'old and typed sign-in addresses' },
  { from: '/entrar', to: '/app/login', reason: 'old and typed sign-in addresses' },
  { from: '/app/entrar', to: '/app/login', reason: 'old and typed sign-in addresses' },
  { from: '/cadastro', to: '/app/login?mode=signup', reason: 'sign-up addresses' },
  { from: '/cadastrar', to: '/app/login?mode=signup', reason: 'sign-up addresses' },
  { from: '/signup', to: '/app/login?mode=signup', reason: 'sign-up addresses' },
  { from: '/app/signup', to: '/app/login?mode=signup', reason: 'sign-up addresses' },
]

const normalize = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname

const byPath = new Map(redirectRules.map((rule) => [normalize(rule.from), rule]))

/**
 * Where a request for `pathname` + `search` must go instead, or null when no rule applies.
 * `search` is the raw query string (with or without the leading `?`).
 */
export function findRedirect(pathname: string, search = ''): string | null {
  const rule = byPath.get(normalize(pathname))
  if (!rule) return null
  const [targetPath, targetQuery = ''] = rule.to.split('?')
  const params = new URLSearchParams(targetQuery)
  for (const [key, value] of new URLSearchParams(search)) params.set(key, value)
  const query = params.toString()
  return query ? `${targetPath}?${query}` : (targetPath ?? '/')
}
