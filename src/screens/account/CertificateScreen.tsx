import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useForm, Controller } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { formatCnpjValue, formatDate } from '@/lib/format'
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_WARNING_DAYS,
  certificatePasswordSchema,
  certificateStanding,
  daysUntil,
  type CertificateInfo,
} from '@/schemas/nfse'
import { ApiError, showServerIssues } from '@/services/api'
import {
  certificateQueryOptions,
  useRemoveCertificate,
  useUploadCertificate,
} from '@/services/account'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { DescriptionList } from '@/ui/DescriptionList'
import { Alert, Badge } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { FileDrop, type FileRules } from '@/ui/FileDrop'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'
import { holderName, issuerName } from './certificate-names'

/** An A1 certificate: a PKCS#12 file (.pfx or .p12), up to 64 KB. */
const certificateRules: FileRules = {
  accept: [{ label: 'certificado A1 (.pfx ou .p12)', extensions: ['pfx', 'p12'] }],
  maxBytes: CERTIFICATE_MAX_BYTES,
}

type UploadValues = { file: File | null; password: string }
const uploadFormSchema = z.object({
  file: z
    .custom<File | null>((file) => file instanceof File, {
      error: 'Escolha o arquivo do certificado (.pfx ou .p12).',
    })
    .transform((file) => file as File),
  password: certificatePasswordSchema,
})

const standingBadge = {
  valid: { tone: 'success', label: 'Válido' },
  expiring: { tone: 'warning', label: 'Vence em breve' },
  expired: { tone: 'danger', label: 'Vencido' },
} as const

/**
 * /app/user/my-certificate: the company's A1 certificate (ICP-Brasil e-CNPJ), which signs the
 * NFS-e the accountant issues through the national system — who it was issued to, by whom, until
 * when (a warning from 30 days before it expires); send one with its password, or remove it.
 */
export function CertificateScreen() {
  const { company } = useSessionView()
  if (!company) return null
  return <Certificate companyId={company.id} cnpj={company.cnpj} />
}

function Certificate({ companyId, cnpj }: { companyId: string; cnpj: string | null }) {
  const { data: certificate } = useSuspenseQuery(certificateQueryOptions(companyId))
  const [replacing, setReplacing] = useState(false)
  return (
    <>
      <PageHeader
        title="Certificado digital"
        description="O certificado A1 (e-CNPJ) da empresa assina as notas fiscais que a contabilidade emite pelo Sistema Nacional da NFS-e."
      />
      <div className="stack">
        {certificate ? (
          <CertificateCard companyId={companyId} certificate={certificate} />
        ) : (
          <Alert tone="info" title="A empresa ainda não tem certificado digital">
            Sem ele a contabilidade não consegue emitir suas notas pelo Sistema Nacional. Envie o
            arquivo .pfx (ou .p12) do e-CNPJ A1 da empresa e a senha dele.
          </Alert>
        )}
        {cnpj === null ? (
          <Alert tone="warning" title="A empresa ainda não tem CNPJ">
            O certificado é emitido para o CNPJ: envie-o quando a abertura estiver concluída.
          </Alert>
        ) : certificate && !replacing ? (
          <div>
            <Button variant="secondary" onClick={() => setReplacing(true)}>
              Enviar outro certificado
            </Button>
          </div>
        ) : (
          <UploadCard
            companyId={companyId}
            replacing={Boolean(certificate)}
            onDone={() => setReplacing(false)}
            onCancel={certificate ? () => setReplacing(false) : undefined}
          />
        )}
      </div>
    </>
  )
}

function CertificateCard({
  companyId,
  certificate,
}: {
  companyId: string
  certificate: CertificateInfo
}) {
  const remove = useRemoveCertificate()
  const [confirming, setConfirming] = useState(false)
  const standing = certificateStanding(certificate)
  const days = daysUntil(certificate.notAfter)
  return (
    <Card className="stack">
      <div className={styles.certificateHead}>
        <h2 className={styles.cardTitle}>Certificado A1 da empresa</h2>
        <Badge tone={standingBadge[standing].tone}>{standingBadge[standing].label}</Badge>
      </div>
      {standing === 'expiring' && (
        <Alert
          tone="warning"
          title={`O certificado vence em ${days === 0 ? 'menos de um dia' : `${days} ${days === 1 ? 'dia' : 'dias'}`}`}
        >
          Renove-o com a autoridade certificadora e envie o novo arquivo aqui antes de{' '}
          {formatDate(certificate.notAfter)}: depois disso a contabilidade não consegue emitir suas
          notas. (Avisamos a partir de {CERTIFICATE_WARNING_DAYS} dias do vencimento.)
        </Alert>
      )}
      {standing === 'expired' && (
        <Alert tone="danger" title={`O certificado venceu em ${formatDate(certificate.notAfter)}`}>
          Envie o certificado renovado: sem ele nenhuma nota pode ser emitida pelo Sistema Nacional.
        </Alert>
      )}
      <DescriptionList
        items={[
          { term: 'Titular', value: holderName(certificate.subject) },
          { term: 'CNPJ', value: formatCnpjValue(certificate.cnpj) },
          { term: 'Emitido por', value: issuerName(certificate.issuer) },
          { term: 'Válido desde', value: formatDate(certificate.notBefore) },
          { term: 'Válido até', value: formatDate(certificate.notAfter) },
        ]}
      />
      <div className="row">
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Remover certificado
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false)
        }}
        title="Remover o certificado?"
        description="Sem certificado, a contabilidade não consegue emitir as notas da empresa pelo Sistema Nacional até você enviar outro."
        confirmLabel="Remover certificado"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(companyId, {
            onSuccess: () => {
              setConfirming(false)
              notify.success('Certificado removido.')
            },
            onError: (error) => notify.error(error.message),
          })
        }
      />
    </Card>
  )
}

function UploadCard({
  companyId,
  replacing,
  onDone,
  onCancel,
}: {
  companyId: string
  replacing: boolean
  onDone: () => void
  onCancel?: () => void
}) {
  const upload = useUploadCertificate()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<UploadValues, unknown, z.output<typeof uploadFormSchema>>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { file: null, password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ file, password }) => {
    setFailure(null)
    try {
      const certificate = await upload.mutateAsync({
        companyId,
        file,
        fileName: file.name,
        password,
      })
      notify.success(`Certificado de ${formatCnpjValue(certificate.cnpj)} guardado.`)
      form.reset()
      onDone()
    } catch (error) {
      const shown = showServerIssues(form.setError, error, ['file', 'password'])
      if (!shown)
        setFailure(
          error instanceof ApiError || error instanceof Error ? error.message : String(error),
        )
    }
  })

  return (
    <Card className="stack">
      <h2 className={styles.cardTitle}>
        {replacing ? 'Enviar outro certificado' : 'Enviar o certificado'}
      </h2>
      <form className="stack" onSubmit={submit} noValidate aria-label="Enviar certificado digital">
        {failure && <Alert tone="danger" title={failure} />}
        <Controller
          control={form.control}
          name="file"
          render={({ field, fieldState }) => (
            <FileDrop
              label="Arquivo do certificado A1"
              {...certificateRules}
              fileName={field.value?.name}
              onFile={(file) => field.onChange(file)}
              onRefuse={() => field.onChange(null)}
              error={fieldState.error?.message}
              disabled={isSubmitting}
              hint="O e-CNPJ A1 da empresa, com a chave privada (o arquivo que a autoridade certificadora entregou)."
            />
          )}
        />
        <TextField
          label="Senha do certificado"
          type="password"
          required
          autoComplete="off"
          hint="A senha do arquivo .pfx. Ela só é usada para abrir o certificado e não fica guardada."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="row">
          <Button type="submit" loading={isSubmitting}>
            Enviar certificado
          </Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
              Cancelar
            </Button>
          )}
        </div>
      </form>
    </Card>
  )
}
