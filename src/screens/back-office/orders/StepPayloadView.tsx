import { useMutation, useQueries, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { companySizeLabels, companyTypeLabels, type Company } from '@/schemas/company'
import { fileDisplayName } from '@/schemas/files'
import { maritalStatusLabels, propertyRegimeLabels } from '@/schemas/people'
import { registryStatuses, type RegistryRecord } from '@/schemas/registry'
import { formatCnaeCode } from '@/schemas/slug'
import {
  awaitingGuideSchema,
  downloadCompanyInfoPayloadSchema,
  migrateAccountantRecordSchema,
  partnerRegistrationBasicSchema,
  partnerRegistrationSchema,
  preRegistrationSchema,
  subscriptionStepSchema,
  uploadGuideReceiptSchema,
  type AwaitingGuide,
} from '@/schemas/steps'
import type { Step, StepId } from '@/schemas/track'
import {
  formatCnpjValue,
  formatCpfValue,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMonthYear,
} from '@/lib/format'
import { planNameOf, plansQueryOptions } from '@/services/account'
import { downloadFile } from '@/services/documents'
import { useDownloadTransferLetter } from '@/services/onboarding'
import { cnaeQueryOptions } from '@/services/site'
import { formatAddress } from '@/screens/shared'
import { Button } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert } from '@/ui/Feedback'
import { DataTable } from '@/ui/Table'
import { notify } from '@/ui/notify'
import { formatGuideLine } from './guide-line'
import styles from './StepPayloadView.module.css'

// What each wizard step keeps, readable: the back office's order and company pages show it, and
// the wizard shows a done step with it when it can no longer change.

/** "dezembro de 2026" for `2026-12`. */
export const formatMonth = (month: string) => formatMonthYear(`${month}-15`)

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 })
const share = (value: number) => `${percent.format(value)}%`

/** CNAE codes with their text (looked up by code), the first one marked as the main activity. */
export function ActivityList({ codes }: { codes: readonly string[] }) {
  const lookups = useQueries({ queries: codes.map((code) => cnaeQueryOptions(code)) })
  if (codes.length === 0) return <p className={styles.muted}>Nenhuma atividade.</p>
  return (
    <ol className={styles.list}>
      {codes.map((code, index) => (
        <li key={code}>
          <span className={styles.code}>{formatCnaeCode(code)}</span>{' '}
          {lookups[index]?.data?.text ?? (lookups[index]?.isError ? '' : 'Carregando…')}
          {index === 0 && codes.length > 1 ? ' (principal)' : ''}
        </li>
      ))}
    </ol>
  )
}

/** Downloads one of the company's files through its signed link, with a toast on failure. */
function FileButton({
  companyId,
  fileName,
  label,
}: {
  companyId: string
  fileName: string
  label: string
}) {
  const download = useMutation({
    mutationFn: () => downloadFile({ companyId, fileName }),
    onError: (error) => notify.error(error.message || 'Não foi possível baixar o arquivo.'),
  })
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`${label}: ${fileDisplayName(fileName)}`}
    >
      {label}
    </Button>
  )
}

/** The registration-fee guide: amount, due date, linha digitável (with copy) and its file. */
export function GuideDetails({
  companyId,
  guide,
  downloadLabel = 'Baixar guia (PDF)',
}: {
  companyId: string
  guide: AwaitingGuide['guide']
  downloadLabel?: string
}) {
  const copy = async (line: string) => {
    try {
      await navigator.clipboard.writeText(line)
      notify.success('Linha digitável copiada.')
    } catch {
      notify.error('Não foi possível copiar: selecione a linha e copie com Ctrl+C.')
    }
  }
  return (
    <div className={styles.view}>
      <DescriptionList
        items={[
          { term: 'Valor da taxa', value: formatMoney(guide.amount) },
          { term: 'Vencimento', value: formatDate(guide.dueDate) },
          {
            term: 'Linha digitável',
            value: guide.barcode ? (
              <span className={styles.line}>
                <code>{formatGuideLine(guide.barcode)}</code>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copy(guide.barcode!)}
                  aria-label="Copiar a linha digitável"
                >
                  Copiar
                </Button>
              </span>
            ) : (
              'Sem linha digitável: pague pelo arquivo da guia.'
            ),
          },
        ]}
      />
      <div className="row">
        <FileButton companyId={companyId} fileName={guide.fileName} label={downloadLabel} />
      </div>
    </div>
  )
}

/** The migration's transfer letter (PDF), for the client and the accountant. */
export function TransferLetterButton({
  companyId,
  cnpj,
  label = 'Baixar carta de transferência (PDF)',
}: {
  companyId: string
  cnpj: string | null
  label?: string
}) {
  const letter = useDownloadTransferLetter()
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={letter.isPending}
      onClick={() =>
        letter.mutate(
          { companyId, cnpj },
          {
            onError: (error) =>
              notify.error(error.message || 'Não foi possível gerar a carta agora.'),
          },
        )
      }
    >
      {label}
    </Button>
  )
}

function PlanName({ planId }: { planId: string }) {
  const plans = useQuery(plansQueryOptions())
  if (plans.isPending) return <>Carregando…</>
  const plan = plans.data?.find((item) => item.id === planId)
  return (
    <>
      {plans.data ? planNameOf(plans.data, planId) : 'Plano'}
      {plan ? ` · ${formatMoney(plan.monthlyPrice)}/mês` : ''}
    </>
  )
}

const unexpected = <Alert tone="warning">Os dados desta etapa estão num formato inesperado.</Alert>

/** One step's payload, readable. Steps not done show where they stand instead. */
export function StepPayloadView({
  companyId,
  company,
  step,
}: {
  companyId: string
  company: Pick<Company, 'cnpj'>
  step: Step
}) {
  if (step.status === 'pending')
    return <p className={styles.muted}>Esta etapa ainda não começou.</p>
  if (step.status === 'in_progress')
    return (
      <p className={styles.muted}>
        Em preenchimento
        {step.updatedAt ? ` (rascunho salvo em ${formatDateTime(step.updatedAt)})` : ''}: os dados
        aparecem aqui quando a etapa for concluída.
      </p>
    )
  return (
    <div className={styles.view}>
      <PayloadOf
        companyId={companyId}
        company={company}
        stepId={step.stepId}
        payload={step.payload}
      />
    </div>
  )
}

function PayloadOf({
  companyId,
  company,
  stepId,
  payload,
}: {
  companyId: string
  company: Pick<Company, 'cnpj'>
  stepId: StepId
  payload: Step['payload']
}): ReactNode {
  switch (stepId) {
    case 'pre-registration': {
      const parsed = preRegistrationSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      const step = parsed.data
      return (
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
      )
    }
    case 'partner-registration': {
      const parsed = partnerRegistrationSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      return (
        <DataTable
          caption="Sócios"
          rowKey={(partner) => partner.cpf}
          rows={parsed.data.partners}
          columns={[
            { key: 'name', header: 'Nome', cell: (partner) => partner.name },
            {
              key: 'cpf',
              header: 'CPF',
              cell: (partner) => (
                <span className={styles.nowrap}>{formatCpfValue(partner.cpf)}</span>
              ),
            },
            {
              key: 'birth',
              header: 'Nascimento',
              cell: (partner) => formatDate(partner.birthDate),
            },
            {
              key: 'contact',
              header: 'Contato',
              cell: (partner) => (
                <>
                  {partner.email}
                  <br />
                  <span className={styles.nowrap}>{partner.mobile}</span>
                </>
              ),
            },
            {
              key: 'marital',
              header: 'Estado civil',
              cell: (partner) =>
                `${maritalStatusLabels[partner.maritalStatus]}${partner.propertyRegime ? ` (${propertyRegimeLabels[partner.propertyRegime]})` : ''}`,
            },
            {
              key: 'address',
              header: 'Endereço',
              cell: (partner) => formatAddress(partner.address),
            },
            {
              key: 'share',
              header: 'Participação',
              align: 'right',
              cell: (partner) => share(partner.sharePercent),
            },
            {
              key: 'admin',
              header: 'Administrador',
              cell: (partner) => (partner.administrator ? 'Sim' : 'Não'),
            },
          ]}
        />
      )
    }
    case 'partner-registration-basic': {
      const parsed = partnerRegistrationBasicSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      return (
        <DataTable
          caption="Sócios"
          rowKey={(partner) => partner.cpf}
          rows={parsed.data.partners}
          columns={[
            { key: 'name', header: 'Nome', cell: (partner) => partner.name },
            {
              key: 'cpf',
              header: 'CPF',
              cell: (partner) => (
                <span className={styles.nowrap}>{formatCpfValue(partner.cpf)}</span>
              ),
            },
            { key: 'email', header: 'E-mail', cell: (partner) => partner.email },
            {
              key: 'share',
              header: 'Participação',
              align: 'right',
              cell: (partner) => share(partner.sharePercent),
            },
          ]}
        />
      )
    }
    case 'migrate-accountant': {
      const parsed = migrateAccountantRecordSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      const accountant = parsed.data
      return (
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
      )
    }
    case 'subscription': {
      const parsed = subscriptionStepSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      return (
        <DescriptionList
          items={[{ term: 'Plano', value: <PlanName planId={parsed.data.planId} /> }]}
        />
      )
    }
    case 'awaiting-guide': {
      const parsed = awaitingGuideSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      return <GuideDetails companyId={companyId} guide={parsed.data.guide} />
    }
    case 'upload-guide-receipt': {
      const parsed = uploadGuideReceiptSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      const { receipt } = parsed.data
      return (
        <>
          <DescriptionList
            items={[
              { term: 'Pago em', value: formatDate(receipt.paidAt) },
              { term: 'Comprovante', value: fileDisplayName(receipt.fileName) },
            ]}
          />
          <div className="row">
            <FileButton
              companyId={companyId}
              fileName={receipt.fileName}
              label="Baixar comprovante"
            />
          </div>
        </>
      )
    }
    case 'download-company-info': {
      const parsed = downloadCompanyInfoPayloadSchema.safeParse(payload)
      if (!parsed.success) return unexpected
      return <RegistryDetails record={parsed.data.registry} />
    }
  }
}

const registryStatusLabels: Record<(typeof registryStatuses)[number], string> = {
  ATIVA: 'Ativa',
  SUSPENSA: 'Suspensa',
  INAPTA: 'Inapta',
  BAIXADA: 'Baixada',
  NULA: 'Nula',
}

/** The Receita's record of a CNPJ, as the CNPJ card shows it. */
export function RegistryDetails({ record }: { record: RegistryRecord }) {
  return (
    <>
      <DescriptionList
        items={[
          { term: 'Razão social', value: record.legalName },
          { term: 'Nome fantasia', value: record.tradeName ?? '—' },
          { term: 'CNPJ', value: formatCnpjValue(record.cnpj) },
          { term: 'Situação cadastral', value: registryStatusLabels[record.status] },
          {
            term: 'Natureza jurídica',
            value: `${record.legalNature.code} – ${record.legalNature.text}`,
          },
          { term: 'Data de abertura', value: formatDate(record.openedOn) },
          { term: 'Porte', value: companySizeLabels[record.size] },
          { term: 'Endereço', value: formatAddress(record.address) },
        ]}
      />
      <div>
        <p className={styles.label}>Atividade principal e secundárias</p>
        <ActivityList codes={[record.mainActivity, ...record.secondaryActivities]} />
      </div>
      {record.partners.length > 0 && (
        <div>
          <p className={styles.label}>Quadro de sócios</p>
          <ul className={styles.list}>
            {record.partners.map((partner) => (
              <li key={partner.name}>
                {partner.name} <span className={styles.muted}>({partner.role})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
