// The demo callers of the finance suites (README.md "Demo accounts") and ana's company query.
export const ANA = 'ana@contabil.dev'
export const EVA = 'eva@contabil.dev'
export const BRUNO = 'bruno@contabil.dev'
export const ADMIN = 'admin@contabil.dev'
export const OWN = 'companyId=cmp-ana-design'
