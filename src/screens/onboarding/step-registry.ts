import { lazy, type ComponentType } from 'react'
import { stepLabels } from '@/schemas/glossary'
import { stepActors } from '@/schemas/steps'
import { type StepId } from '@/schemas/track'
import { stepHeading } from './step-labels'
import type { StepContext } from './steps/step-context'
import {
  AwaitingGuideView,
  CompanyInfoView,
  MigrateAccountantView,
  PartnerBasicView,
  PartnerRegistrationView,
  PreRegistrationView,
  SubscriptionView,
  UploadGuideReceiptView,
  type StepViewProps,
} from './views/step-views'

/** A step's screen in the wizard: it gets everything from the wizard's context. */
export type StepFormComponent = ComponentType<{ context: StepContext }>

/**
 * A step's screen, loaded the first time the wizard shows it: the back office reads this
 * registry for the views and labels, and must not carry the wizard's forms in its chunks.
 * `preload` fetches it ahead (the wizard does, for the steps of its track).
 */
function lazyForm<Name extends string>(
  load: () => Promise<Record<Name, StepFormComponent>>,
  name: Name,
) {
  const loadForm = () => load().then((module) => ({ default: module[name] }))
  return Object.assign(lazy(loadForm), { preload: loadForm })
}

export type StepEntry = {
  /** The step's name: the wizard's stepper and headings, the back office's pages, messages. */
  label: string
  /** What the step asks, under its name in the wizard. */
  description: string
  /** Who completes it: the client in the wizard, an admin, or the payment. */
  actor: (typeof stepActors)[StepId]
  /** Its screen in the wizard (a form, or what the client waits for). */
  Form: ReturnType<typeof lazyForm>
  /** What it keeps, readable: the wizard's done steps, the back office's order and company pages. */
  View: ComponentType<StepViewProps>
}

const PartnersForm = lazyForm(() => import('./steps/PartnersStep'), 'PartnersStep')

const entry = (stepId: StepId, Form: StepEntry['Form'], View: StepEntry['View']): StepEntry => ({
  label: stepLabels[stepId],
  description: stepHeading(stepId).description,
  actor: stepActors[stepId],
  Form,
  View,
})

/** Everything the client knows about each wizard step, by its id. */
export const stepRegistry: Record<StepId, StepEntry> = {
  'pre-registration': entry(
    'pre-registration',
    lazyForm(() => import('./steps/PreRegistrationStep'), 'PreRegistrationStep'),
    PreRegistrationView,
  ),
  'partner-registration': entry('partner-registration', PartnersForm, PartnerRegistrationView),
  'partner-registration-basic': entry('partner-registration-basic', PartnersForm, PartnerBasicView),
  'migrate-accountant': entry(
    'migrate-accountant',
    lazyForm(() => import('./steps/MigrateAccountantStep'), 'MigrateAccountantStep'),
    MigrateAccountantView,
  ),
  subscription: entry(
    'subscription',
    lazyForm(() => import('./steps/SubscriptionStep'), 'SubscriptionStep'),
    SubscriptionView,
  ),
  'awaiting-guide': entry(
    'awaiting-guide',
    lazyForm(() => import('./steps/AwaitingGuideStep'), 'AwaitingGuideStep'),
    AwaitingGuideView,
  ),
  'upload-guide-receipt': entry(
    'upload-guide-receipt',
    lazyForm(() => import('./steps/UploadGuideReceiptStep'), 'UploadGuideReceiptStep'),
    UploadGuideReceiptView,
  ),
  'download-company-info': entry(
    'download-company-info',
    lazyForm(() => import('./steps/CompanyInfoStep'), 'CompanyInfoStep'),
    CompanyInfoView,
  ),
}
