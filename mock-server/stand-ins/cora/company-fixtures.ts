import { z } from 'zod'
import { bankAccountSchema } from '../../../src/schemas/bank'
import {
  nfsRequestStatusSchema,
  nfsTakerSchema,
  serviceCodeSchema,
} from '../../../src/schemas/invoice'
import { fixture } from '../../fixtures'

// `fixtures/finance/companies.json`: each demo company's finance — its invoicing, schedules and
// bank accounts. The seed builds the data from it, and the Cora stand-in (the bank's side) knows
// a company's Cora account and the people its statements name from it.

const financeCompanySchema = z.object({
  companyId: z.string(),
  createdBy: z.string(),
  owner: z.string(),
  openingBalance: z.number(),
  invoicesPerMonth: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  services: z
    .array(
      z.object({
        code: serviceCodeSchema,
        description: z.string(),
        min: z.number(),
        max: z.number(),
      }),
    )
    .min(1),
  takers: z.array(nfsTakerSchema).min(1),
  pinned: z.array(
    z.object({
      id: z.string(),
      taker: z.number().int(),
      service: z.number().int(),
      totalValue: z.number(),
      status: nfsRequestStatusSchema,
    }),
  ),
  schedulers: z.array(
    z.object({
      id: z.string(),
      taker: z.number().int(),
      service: z.number().int(),
      dayOfMonth: z.number().int(),
      totalValue: z.number(),
      active: z.boolean(),
      monthsAgo: z.number().int().min(0),
    }),
  ),
  accounts: z.array(
    bankAccountSchema
      .pick({
        id: true,
        source: true,
        bankId: true,
        bankName: true,
        branch: true,
        accountNumber: true,
        accountType: true,
      })
      .extend({ ledger: z.string().regex(/^\d{3}$/), profile: z.string() }),
  ),
})
export type FinanceCompanyFixture = z.infer<typeof financeCompanySchema>

export const loadFinanceCompanies = (): FinanceCompanyFixture[] =>
  z.array(financeCompanySchema).parse(fixture('finance/companies.json'))
