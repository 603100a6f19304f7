import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatCnpjValue } from '@/lib/format'
import { registryQueryOptions, useSaveStep } from '@/services/onboarding'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { SkeletonBlock } from '@/ui/Skeleton'
import { StepFrame } from '../StepFrame'
import { stepHeading } from '../step-labels'
import { RegistryDetails } from '../views/step-details'
import type { StepContext } from './step-context'
import styles from './Waiting.module.css'

/** How often the step asks whether the CNPJ came out, while it waits for the accountant. */
const REGISTRY_POLL_MS = 4000

/**
 * The last step (both tracks): the company's record at the Receita Federal, fetched by its CNPJ
 * (recorded by the accountant for an opening, given at sign-up for a migration). The client
 * checks it and confirms: the company takes its CNPJ, address and activities, and the track is
 * done (the wizard gate then opens the panel).
 */
export function CompanyInfoStep({ context }: { context: StepContext }) {
  const { companyId, company } = context
  const registry = useQuery({
    ...registryQueryOptions(companyId),
    refetchInterval: (query) => (query.state.data ? false : REGISTRY_POLL_MS),
  })
  const save = useSaveStep()
  const busy = useRef(false)
  const [problem, setProblem] = useState<string | null>(null)
  const record = registry.data

  const confirm = async () => {
    if (busy.current || !record) return
    busy.current = true
    setProblem(null)
    try {
      const track = await save.mutateAsync({
        companyId,
        stepId: 'download-company-info',
        payload: { cnpj: record.cnpj },
      })
      context.onSaved(track)
    } catch (error) {
      setProblem(
        error instanceof Error && error.message
          ? error.message
          : 'Não foi possível confirmar agora. Tente de novo.',
      )
    } finally {
      busy.current = false
    }
  }

  return (
    <StepFrame
      {...stepHeading('download-company-info')}
      focusOnMount={context.focusOnMount}
      serverError={problem}
      actions={
        record ? (
          <Button size="lg" loading={save.isPending} onClick={() => void confirm()}>
            Confirmar dados
          </Button>
        ) : undefined
      }
    >
      {registry.isPending ? (
        <div role="status" aria-label="Buscando os dados na Receita Federal">
          <SkeletonBlock height={160} />
        </div>
      ) : registry.isError ? (
        <Alert
          tone="danger"
          title="Não foi possível consultar a Receita agora"
          action={
            <Button size="sm" variant="secondary" onClick={() => void registry.refetch()}>
              Tentar de novo
            </Button>
          }
        >
          {registry.error.message}
        </Alert>
      ) : record ? (
        <RegistryDetails record={record} />
      ) : company.cnpj ? (
        <Alert tone="warning" title="CNPJ não encontrado na Receita Federal">
          Não encontramos o CNPJ {formatCnpjValue(company.cnpj)} na Receita. Fale com a gente pelo
          chat para conferirmos o número.
        </Alert>
      ) : (
        <div className={styles.waiting} role="status">
          <span className={styles.pulse} aria-hidden="true" />
          <p>
            <strong>Estamos registrando a empresa</strong> na Junta Comercial e na Receita Federal.
            Assim que o CNPJ for emitido, os dados aparecem aqui para você conferir; esta tela se
            atualiza sozinha.
          </p>
        </div>
      )}
    </StepFrame>
  )
}
