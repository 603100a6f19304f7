// The account area (billing, profile, invites, referrals): what other features may use.
export { accountKeys } from './keys'
export { listPlans, planNameOf, plansQueryOptions, usePlans } from './list-plans'
export { paySubscription, usePaySubscription } from './pay-subscription'
