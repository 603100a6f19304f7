// The opening and migration wizards: what other features may use (the back office shows the
// same step payloads and transfer letter).
export { onboardingKeys } from './keys'
export { saveStep, useSaveStep, type SaveStepInput } from './save-step'
export { matchCnaes, useMatchCnaes } from './match-cnaes'
export { suggestAliases, useSuggestAliases } from './suggest-aliases'
export { getRegistry, registryQueryOptions } from './get-registry'
export {
  getTransferLetter,
  transferLetterFileName,
  useDownloadTransferLetter,
} from './transfer-letter'
