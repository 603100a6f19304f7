// Back-office pieces other features show.
export {
  ActivityList,
  formatMonth,
  GuideDetails,
  RegistryDetails,
  StepPayloadView,
  TransferLetterButton,
} from './orders/StepPayloadView'
export { formatGuideLine } from './orders/guide-line'
