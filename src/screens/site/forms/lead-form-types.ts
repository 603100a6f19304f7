import type { TrackId } from '@/schemas/company'

export type LeadPlanOption = { id: string; name: string; price: number }

export type LeadFormProps = {
  title: string
  text: string
  submitLabel: string
  /** The page the lead came from (its path). */
  source: string
  /** Opening or switching: carried to sign-up after the lead is taken. */
  track: TrackId | null
  plans: LeadPlanOption[]
}

export type LeadFormValues = { name: string; email: string; phone: string; planId: string }

/** What the light form hands over when the full one takes its place. */
export type LeadFormHandover = {
  values: LeadFormValues
  /** The field that had focus, and where the caret was. */
  focus: { name: keyof LeadFormValues; selection: number | null } | null
  /** The visitor already pressed "send". */
  submit: boolean
}

export const emptyLeadValues: LeadFormValues = { name: '', email: '', phone: '', planId: '' }

export const planLabel = (plan: LeadPlanOption, format: (value: number) => string) =>
  `${plan.name} (${format(plan.price)}/mês)`
