import { describe, expect, it } from 'vitest'
import type { CompanyStatus } from '@/schemas/company'
import { emptyTrack } from '@/schemas/track'
import { nextStepsFor } from '@/screens/panel/next-steps'
import { companyFixture, doneTrack } from './fixtures'

const company = (status: CompanyStatus) => companyFixture({ status })
const done = doneTrack()

describe('nextStepsFor', () => {
  it('puts billing first for an overdue company', () => {
    const keys = nextStepsFor(company('overdue'), done).map((step) => step.key)
    expect(keys[0]).toBe('billing')
    expect(keys).toContain('invoice')
  })

  it('offers the daily work for an active company', () => {
    expect(nextStepsFor(company('active'), done).map((step) => step.key)).toEqual([
      'invoice',
      'bank',
      'documents',
    ])
  })

  it('sends an unfinished track back to its wizard', () => {
    const [first] = nextStepsFor(company('pending'), emptyTrack('create-company'))
    expect(first?.to).toBe('/app/wizard/company-opening')
  })

  it('explains an opening under way', () => {
    expect(nextStepsFor(company('opening'), done).map((step) => step.key)).toEqual(['opening'])
  })
})
