import { useMutation, useQueries, useQuery } from '@tanstack/react-query'
import { companySizeLabels } from '@/schemas/company'
import { fileDisplayName } from '@/schemas/files'
import { registryStatusLabels } from '@/schemas/glossary'
import type { RegistryRecord } from '@/schemas/registry'
import { formatCnaeCode } from '@/schemas/slug'
import type { AwaitingGuide } from '@/schemas/steps'
import { formatCnpjValue, formatDate, formatMoney, formatMonthYear } from '@/lib/format'
import { planNameOf, plansQueryOptions } from '@/services/account'
import { downloadFile } from '@/services/documents'
import { useDownloadTransferLetter } from '@/services/onboarding'
import { cnaeQueryOptions } from '@/services/site'
import { formatAddress } from '@/screens/shared'
import { Button } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { notify } from '@/ui/notify'
import { formatGuideLine } from './guide-line'
import styles from './StepViews.module.css'

// The pieces a step's payload is shown with (the views in step-views.tsx) that the wizard's forms
// show too: the activities, the guide, the transfer letter, the Receita's record of a CNPJ.

/** "dezembro de 2026" for `2026-12`. */
export const formatMonth = (month: string) => formatMonthYear(`${month}-15`)

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
export function FileButton({
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

export function PlanName({ planId }: { planId: string }) {
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
