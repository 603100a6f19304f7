// The year's tax rules (src/kernel/tax/year-end): the profits a partner may take tax-free, the
// 2026 withholding on profits and its DARF, the partners' income report, the DEFIS and the MEI's
// DASN-SIMEI, their due dates and late fines. Pure; the server and the web app share them.
export * from './dates'
export * from './months'
export * from './profits'
export * from './dividend-withholding'
export * from './income-report'
export * from './declaration-fines'
export * from './dasn-simei'
