// The Simples Nacional month and its guides, as the panel, the documents, the payroll and the
// back office show them.
export { GuideBox, GuideDownload } from './GuideBox'
export { GuidesToPay } from './GuidesToPay'
export { LatePaymentDialog } from './LatePaymentDialog'
export {
  guideSettledText,
  guideStateOf,
  monthStateOf,
  OVERDUE_LABEL,
  paidText,
  type GuideState,
  type MonthState,
  type StateTone,
} from './month-state'
export { MissingList, MonthBreakdown, MonthFigures } from './MonthBreakdown'
export {
  competenceLabel,
  competenceShort,
  formatLine,
  formatRate,
  monthsUpTo,
  taxLabels,
} from './format'
