import { useFieldArray } from 'react-hook-form'
import { companyTypeLabels, type Company } from '@/schemas/company'
import { Alert } from '@/ui/Feedback'
import { StepFormFrame } from '../StepFrame'
import { addressValues, record } from '../form-values'
import { useStepForm } from '../step-form'
import {
  emptyPartner,
  MAX_PARTNERS,
  partnerLabelOf,
  partnersPayloadOf,
  partnersValuesOf,
  partnerVariantOf,
  type PartnersValues,
} from './partner-values'
import { PartnerFields } from './PartnerFields'
import { PartnerList } from './PartnerList'
import { useSignedInPerson } from './use-signed-in-person'
import { payloadOfStep, type StepContext } from './step-context'

type CompanyType = NonNullable<Company['type']>

/**
 * What the partners make of the company: one owner for an empresário individual (and MEI); a
 * limited company is an SLU with one partner and a Sociedade limitada with two or more (the
 * server saves the type that way too).
 */
function typeNote(type: CompanyType | null, isMei: boolean, count: number): string | null {
  if (isMei || type === 'on_person')
    return `${isMei ? 'O MEI' : 'O empresário individual'} tem um único titular. Para ter sócios, volte ao pré-cadastro e escolha Sociedade limitada.`
  if (type === 'limited_liability' || type === 'private_limited') {
    const next: CompanyType = count === 1 ? 'limited_liability' : 'private_limited'
    const text =
      count === 1
        ? `Com um único sócio, a empresa será registrada como ${companyTypeLabels.limited_liability}.`
        : `Com ${count} sócios, a empresa será registrada como ${companyTypeLabels.private_limited}.`
    return next === type
      ? text
      : `${text} No pré-cadastro estava ${companyTypeLabels[type]}: ajustamos ao salvar.`
  }
  return null
}

/**
 * Both partner steps: the opening's (step 2: the partners, their shares, 100 % in all, who
 * administers, and what the partners make of the company's type) and the migration's (step 1:
 * the partners of the existing company and their shares).
 */
export function PartnersStep({ context }: { context: StepContext }) {
  const variant = partnerVariantOf(context.step.stepId)
  const person = useSignedInPerson()
  const stepForm = useStepForm<PartnersValues>({
    context,
    valuesOf: partnersValuesOf(variant, person),
    payloadOf: partnersPayloadOf(variant),
    labelOf: partnerLabelOf,
  })
  const { form } = stepForm
  const { errors } = form.formState
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'partners' })
  const partners = form.watch('partners')

  // The opening's partners follow its pre-registration: the type and size chosen there, and the
  // address to copy.
  const opening = variant === 'full'
  const registered = opening ? record(payloadOfStep(context.track, 'pre-registration')) : {}
  const type = (context.company.type ?? registered.type ?? null) as CompanyType | null
  const isMei = (context.company.size ?? registered.size) === 'MEI'
  const single = opening && (isMei || type === 'on_person')
  const note = opening ? typeNote(type, isMei, fields.length) : null
  const companyAddress = registered.address ? addressValues(registered.address) : null

  return (
    <StepFormFrame stepForm={stepForm} context={context}>
      {note && <Alert tone="info">{note}</Alert>}
      <PartnerList
        ids={fields.map((field) => field.id)}
        partners={partners}
        error={errors.partners?.message ?? errors.partners?.root?.message}
        canAdd={!single && fields.length < MAX_PARTNERS}
        onAdd={(share) =>
          append(emptyPartner(variant, undefined, share), {
            shouldFocus: true,
            focusName: `partners.${fields.length}.name`,
          })
        }
        onRemove={remove}
      >
        {(index) => (
          <PartnerFields
            form={form}
            index={index}
            variant={variant}
            companyAddress={companyAddress}
          />
        )}
      </PartnerList>
    </StepFormFrame>
  )
}
