import { describe, expect, it } from 'vitest'
import { RuleDataMissing } from '@/kernel/rule-data-missing'
import {
  dasDueDate,
  latePaymentOf,
  RatUnknown,
  SelicMissing,
  UnknownCalendarYear,
} from '@/kernel/tax'
import { minimumWageOf, UnknownTaxYear } from '@/kernel/tax/parameters'
import { httpErrorOf, isRefusal } from '../../mock-server/http'

// Every rule whose data the system lacks is one kind of error (src/kernel/rule-data-missing.ts),
// answered by the server as a refusal with its own message (mock-server/http.ts).

const caught = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('a rule data missing', () => {
  it('is what a year without a tax table raises', () => {
    const error = caught(() => minimumWageOf(1990))
    expect(error).toBeInstanceOf(UnknownTaxYear)
    expect(error).toBeInstanceOf(RuleDataMissing)
  })

  it('is what a year without holidays raises', () => {
    const error = caught(() => dasDueDate('1990-05'))
    expect(error).toBeInstanceOf(UnknownCalendarYear)
    expect(error).toBeInstanceOf(RuleDataMissing)
  })

  it('is what a month without its Selic raises', () => {
    const error = caught(() => latePaymentOf(10_000, '2026-01-20', '2026-05-10', {}))
    expect(error).toBeInstanceOf(SelicMissing)
    expect(error).toBeInstanceOf(RuleDataMissing)
  })

  it('is what an unknown RAT raises', () => {
    expect(new RatUnknown()).toBeInstanceOf(RuleDataMissing)
  })

  it('is answered 409 with its own pt-BR message', () => {
    const error = caught(() => minimumWageOf(1990)) as Error
    expect(isRefusal(error)).toBe(true)
    const answer = httpErrorOf(error)
    expect(answer?.status).toBe(409)
    expect(answer?.message).toBe(error.message)
    expect(answer?.message).toMatch(/1990/)
  })

  it('leaves any other error a server failure (500)', () => {
    const error = new Error('boom')
    expect(isRefusal(error)).toBe(false)
    expect(httpErrorOf(error)).toBeUndefined()
  })
})
