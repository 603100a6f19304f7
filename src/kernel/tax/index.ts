// The Simples Nacional and the MEI, the pró-labore and the guides, for 2026: the tables with
// their legal sources (dated constants), the month as the PGDAS-D calculates it, due dates,
// late-payment charges and the collection line. Pure; the server and the web app share it.
export * from './annex'
export * from './calendar'
export * from './collection-line'
export * from './late-payment'
export * from './mei'
export * from './month'
export * from './payroll'
export * from './rate'
export * from './rbt12'
export * from './tables'
export * from './calculation'
