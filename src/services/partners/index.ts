// The Duca partner programme: the caller's application and the companies they brought.
export { partnerKeys } from './keys'
export { getMyDuca, myDucaQueryOptions } from './get-my-duca'
export { applyDuca, useApplyDuca } from './apply-duca'
export {
  ducaCompaniesQueryOptions,
  listDucaCompanies,
  type ListDucaCompaniesInput,
} from './list-duca-companies'
