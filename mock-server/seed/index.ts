import type { Database } from '../store/database'
import { seedBilling } from './billing'
import { seedCore } from './core'
import { seedEngagement } from './engagement'
import { seedFinance } from './finance'
import { seedPublic } from './public'

/** The whole initial data set, each area seeded from its fixtures and checked by its schemas. */
export function buildSeed(): Database {
  return {
    ...seedCore(),
    ...seedBilling(),
    ...seedEngagement(),
    ...seedFinance(),
    ...seedPublic(),
  }
}
