import type { ReactNode } from 'react'
import type { z } from 'zod'
import { companySizeLabels, companyTypeLabels, type Company } from '@/schemas/company'
import { fileDisplayName } from '@/schemas/files'
import { maritalStatusLabels, propertyRegimeLabels } from '@/schemas/people'
import {
  awaitingGuideSchema,
  downloadCompanyInfoPayloadSchema,
  migrateAccountantRecordSchema,
  partnerRegistrationBasicSchema,
  partnerRegistrationSchema,
  preRegistrationSchema,
  subscriptionStepSchema,
  uploadGuideReceiptSchema,
  type Partner,
} from '@/schemas/steps'
import type { Step } from '@/schemas/track'
import { formatCpfValue, formatDate } from '@/lib/format'
import { formatAddress } from '@/screens/shared'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert } from '@/ui/Feedback'
import { DataTable, type Column } from '@/ui/Table'
import { formatPercent } from '../form-values'
import {
  ActivityList,
  FileButton,
  formatMonth,
  GuideDetails,
  PlanName,
  RegistryDetails,
  TransferLetterButton,
} from './step-details'
import styles from './StepViews.module.css'

// What each wizard step keeps, readable: the back office's order and company pages show it, and
// the wizard shows a done step with it once it can no longer change. The step registry
// (step-registry.ts) names the view of each step.

/** What a step's view gets: the company it belongs to and the payload the step keeps. */
export type StepViewProps = {
  companyId: string
  company: Pick<Company, 'cnpj'>
  payload: Step['payload']
}

const unexpected = <Alert tone="warning">Os dados desta etapa estão num formato inesperado.</Alert>

/** A view of a payload read with its step's schema; a payload the schema refuses says so. */
function payloadView<Schema extends z.ZodType>(
  schema: Schema,
  render: (data: z.output<Schema>, props: Omit<StepViewProps, 'payload'>) => ReactNode,
) {
  return function StepView({ payload, ...props }: StepViewProps) {
    const parsed = schema.safeParse(payload)
    return parsed.success ? render(parsed.data, props) : unexpected
  }
}

export const PreRegistrationView = payloadView(preRegistrationSchema, (step) => (
  <>
    <DescriptionList
      items={[
        {
          term: 'Nomes desejados (em ordem de preferência)',
          value: (
            <ol className={styles.list}>
              {step.names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ol>
          ),
        },
        { term: 'Nome fantasia', value: step.alias },
        { term: 'Natureza jurídica', value: companyTypeLabels[step.type] },
        { term: 'Porte', value: companySizeLabels[step.size] },
        { term: 'Endereço', value: formatAddress(step.address) },
      ]}
    />
    <div>
      <p className={styles.label}>Atividades (CNAE)</p>
      <ActivityList codes={step.activities} />
    </div>
  </>
))

type BasicPartner = Pick<Partner, 'name' | 'cpf' | 'email' | 'sharePercent'>

/** The migration's partners: name, CPF, e-mail and share. */
const basicPartnerColumns: Column<BasicPartner>[] = [
  { key: 'name', card: 'title', header: 'Nome', cell: (partner) => partner.name },
  {
    key: 'cpf',
    header: 'CPF',
    cell: (partner) => <span className={styles.nowrap}>{formatCpfValue(partner.cpf)}</span>,
  },
  { key: 'email', header: 'E-mail', breakAnywhere: true, cell: (partner) => partner.email },
  {
    key: 'share',
    header: 'Participação',
    align: 'right',
    cell: (partner) => formatPercent(partner.sharePercent),
  },
]

/**
 * The opening's partners, in five columns so the table fits an order page at 1280 px: who (name,
 * CPF, birth date), contact, marital status, home address, and the share with the role.
 */
const fullPartnerColumns: Column<Partner>[] = [
  {
    key: 'name',
    card: 'title',
    header: 'Sócio',
    cell: (partner) => (
      <span className={styles.lines}>
        {partner.name}
        <span className={styles.sub}>CPF {formatCpfValue(partner.cpf)}</span>
        <span className={styles.sub}>Nascimento em {formatDate(partner.birthDate)}</span>
      </span>
    ),
  },
  {
    key: 'contact',
    header: 'Contato',
    cell: (partner) => (
      <span className={styles.lines}>
        <span className={styles.anywhere}>{partner.email}</span>
        <span className={styles.nowrap}>{partner.mobile}</span>
      </span>
    ),
  },
  {
    key: 'marital',
    header: 'Estado civil',
    cell: (partner) =>
      `${maritalStatusLabels[partner.maritalStatus]}${partner.propertyRegime ? ` (${propertyRegimeLabels[partner.propertyRegime]})` : ''}`,
  },
  { key: 'address', header: 'Endereço', cell: (partner) => formatAddress(partner.address) },
  {
    key: 'share',
    header: 'Participação',
    align: 'right',
    cell: (partner) => (
      <span className={styles.lines}>
        {formatPercent(partner.sharePercent)}
        <span className={styles.sub}>
          {partner.administrator ? 'Administrador' : 'Não administra'}
        </span>
      </span>
    ),
  },
]

function PartnersTable<Row extends BasicPartner>({
  partners,
  columns,
}: {
  partners: Row[]
  columns: Column<Row>[]
}) {
  return (
    <DataTable
      caption="Sócios"
      rowKey={(partner) => partner.cpf}
      rows={partners}
      columns={columns}
    />
  )
}

export const PartnerRegistrationView = payloadView(partnerRegistrationSchema, (step) => (
  <PartnersTable partners={step.partners} columns={fullPartnerColumns} />
))

export const PartnerBasicView = payloadView(partnerRegistrationBasicSchema, (step) => (
  <PartnersTable partners={step.partners} columns={basicPartnerColumns} />
))

export const MigrateAccountantView = payloadView(
  migrateAccountantRecordSchema,
  (accountant, { companyId, company }) => (
    <>
      <DescriptionList
        items={[
          { term: 'Contador atual', value: accountant.name },
          { term: 'CRC', value: accountant.crc },
          { term: 'E-mail', value: accountant.email },
          { term: 'Telefone', value: accountant.phone },
          {
            term: 'Assumimos a contabilidade em',
            value: formatMonth(accountant.takeOverMonth),
          },
          { term: 'Motivo da troca', value: accountant.reason },
        ]}
      />
      <div className="row">
        <TransferLetterButton companyId={companyId} cnpj={company.cnpj} />
      </div>
    </>
  ),
)

export const SubscriptionView = payloadView(subscriptionStepSchema, (step) => (
  <DescriptionList items={[{ term: 'Plano', value: <PlanName planId={step.planId} /> }]} />
))

export const AwaitingGuideView = payloadView(awaitingGuideSchema, (step, { companyId }) => (
  <GuideDetails companyId={companyId} guide={step.guide} />
))

export const UploadGuideReceiptView = payloadView(
  uploadGuideReceiptSchema,
  ({ receipt }, { companyId }) => (
    <>
      <DescriptionList
        items={[
          { term: 'Pago em', value: formatDate(receipt.paidAt) },
          { term: 'Comprovante', value: fileDisplayName(receipt.fileName) },
        ]}
      />
      <div className="row">
        <FileButton companyId={companyId} fileName={receipt.fileName} label="Baixar comprovante" />
      </div>
    </>
  ),
)

export const CompanyInfoView = payloadView(downloadCompanyInfoPayloadSchema, (step) => (
  <RegistryDetails record={step.registry} />
))
