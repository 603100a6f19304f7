import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { formatDateTime } from '@/lib/format'
import { useSessionView } from '@/services/session'
import { payrollQueryOptions, useDownloadReceipts } from '@/services/payroll'
import { monthQueryOptions } from '@/services/simples'
import { competenceLabel, GuideBox, monthsUpTo } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { PayrollForm, PayrollSummary } from './PayrollForm'
import styles from './Payroll.module.css'

/**
 * /app/payroll: the pró-labore of a month — what each partner draws, the INSS and IRRF withheld,
 * the net; the receipts (PDF) and the guides the payroll makes (the DCTFWeb DARF) once the month
 * is closed. The month is in the URL (`?competencia=2026-10`).
 */
export function PayrollScreen({
  period,
  today,
  onPeriodChange,
}: {
  period: string
  today: string
  onPeriodChange: (period: string) => void
}) {
  const { company } = useSessionView()
  if (!company)
    return (
      <>
        <PageHeader title="Pró-labore" />
        <Alert tone="info" title="Nenhuma empresa escolhida.">
          O pró-labore é de uma empresa: escolha a empresa para vê-lo.
        </Alert>
      </>
    )
  return (
    <>
      <PageHeader
        title="Pró-labore"
        description={`A folha de ${company.alias ?? company.name}, mês a mês: o pró-labore dos sócios e os salários dos empregados, o INSS, o IRRF e o FGTS de cada um, os recibos e holerites, e as guias (DCTFWeb e FGTS).`}
      />
      <div className={`${styles.picker} ${styles.gap}`}>
        <SelectField
          label="Competência"
          value={period}
          onChange={(event) => onPeriodChange(event.target.value)}
          options={monthsUpTo(today.slice(0, 7), 12).map((month) => ({
            value: month,
            label: competenceLabel(month),
          }))}
        />
      </div>
      <PayrollMonth companyId={company.id} period={period} />
    </>
  )
}

function PayrollMonth({ companyId, period }: { companyId: string; period: string }) {
  const { data: payroll } = useSuspenseQuery(payrollQueryOptions(companyId, period))
  // Whether the payroll decides the annex (absent for a company outside the Simples).
  const { data: month } = useQuery({ ...monthQueryOptions(companyId, period), retry: false })
  const subjectToFatorR = month?.subjectToFatorR ?? false
  const receipts = useDownloadReceipts()
  return (
    <div className="stack">
      <Card className="stack">
        <h2>Folha de {competenceLabel(period)}</h2>
        {!payroll.entered && !payroll.locked && (
          <p className="muted">
            Ainda não lançada: informe o pró-labore de cada sócio, ou marque &quot;Sem pró-labore
            neste mês&quot;, e os empregados do mês para a contabilidade fechar o mês.{' '}
            {subjectToFatorR
              ? 'A folha decide o fator R, a DCTFWeb e o FGTS.'
              : 'A folha decide a DCTFWeb e o FGTS.'}
          </p>
        )}
        {payroll.updatedAt && (
          <p className="muted">Lançada em {formatDateTime(payroll.updatedAt)}.</p>
        )}
        <PayrollForm
          key={`${period}-${payroll.updatedAt ?? ''}`}
          companyId={companyId}
          payroll={payroll}
          subjectToFatorR={subjectToFatorR}
        />
      </Card>
      {payroll.entered && (
        <Card className="stack">
          <h2>O que a folha dá</h2>
          <PayrollSummary companyId={companyId} payroll={payroll} />
          <div>
            <Button
              variant="secondary"
              loading={receipts.isPending}
              onClick={() =>
                receipts.mutate(
                  { companyId, period },
                  { onError: (error) => notify.error(error.message) },
                )
              }
            >
              {payroll.employees.length > 0
                ? 'Baixar recibos e holerites (PDF)'
                : 'Baixar recibos de pró-labore (PDF)'}
            </Button>
          </div>
        </Card>
      )}
      <Card className="stack">
        <h2>Guias da folha</h2>
        {payroll.guides.length === 0 ? (
          <p className="muted">
            {payroll.locked
              ? 'Sem guia: nada a recolher na DCTFWeb nem de FGTS neste mês.'
              : 'As guias da folha (o DARF da DCTFWeb com o INSS e o IRRF retidos e, com empregados, a do FGTS Digital) saem quando a contabilidade fechar o mês.'}
          </p>
        ) : (
          payroll.guides.map((guide) => (
            <GuideBox key={guide.documentId} companyId={companyId} guide={guide} />
          ))
        )}
      </Card>
    </div>
  )
}
