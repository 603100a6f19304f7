// A company's year as its owner sees it (profits, income reports, the MEI's DASN-SIMEI), and the
// pieces the back office's year shows too.
export { ProfitsScreen, distributesProfits } from './ProfitsScreen'
export { IncomeReportsCard, IncomeReportsScreen } from './IncomeReportsScreen'
export { DasnYear } from './DasnYear'
export {
  DistributionsList,
  LimitDetails,
  PartnersTable,
  ProfitsFigures,
  ProfitsWarnings,
} from './ProfitsPanels'
export { fineText, outcomeLabels, outcomeTone, statusTone, thisYear, yearsUpTo } from './format'
