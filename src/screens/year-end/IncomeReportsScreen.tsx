import type { ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCpfValue, formatDate, formatDateTime, formatMoney } from '@/lib/format'
import type { IncomeReports } from '@/schemas/year-end'
import { useSessionView } from '@/services/session'
import { incomeReportsQueryOptions, useDownloadIncomeReport } from '@/services/year-end'
import { Button } from '@/ui/Button'
import { Alert, Badge, EmptyState } from '@/ui/Feedback'
import { SelectField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { DataTable } from '@/ui/Table'
import { distributesProfits } from './ProfitsScreen'
import { yearsUpTo } from './format'
import styles from './YearEnd.module.css'

/**
 * /app/user/my-income-reports ("Informe de rendimentos"): each partner's income report of a year
 * (IN RFB 2.060/2021, Anexo I) — the pró-labore, INSS and IRRF, the profits received and what was
 * withheld — as a PDF to download for the annual return. The signed-in person's own report first.
 */
export function IncomeReportsScreen({
  year,
  today,
  onYearChange,
}: {
  year: number
  today: string
  onYearChange: (year: number) => void
}) {
  const { company } = useSessionView()
  const header = (
    <PageHeader
      title="Informe de rendimentos"
      description="O comprovante dos rendimentos que a empresa pagou a cada sócio no ano e do imposto retido, para a declaração do Imposto de Renda."
    />
  )
  if (!company || !distributesProfits(company))
    return (
      <>
        {header}
        <EmptyState title="Sem informe de rendimentos para esta empresa">
          {company
            ? 'Os informes de pró-labore e lucros são das empresas do Simples Nacional (ME ou EPP) com sócios.'
            : 'Escolha uma empresa para ver os informes dos sócios.'}
        </EmptyState>
      </>
    )
  return (
    <>
      {header}
      <div className={styles.picker}>
        <SelectField
          label="Ano-calendário"
          value={String(year)}
          onChange={(event) => onYearChange(Number(event.target.value))}
          options={yearsUpTo(Number(today.slice(0, 4))).map((value) => ({
            value: String(value),
            label: String(value),
          }))}
        />
      </div>
      <IncomeReportsCard companyId={company.id} year={year} />
    </>
  )
}

/**
 * A year's income reports, each partner's figures and PDF; `actions` (the back office's "send")
 * goes under the status.
 */
export function IncomeReportsCard({
  companyId,
  year,
  actions,
}: {
  companyId: string
  year: number
  actions?: ReactNode
}) {
  const { data: reports } = useSuspenseQuery(incomeReportsQueryOptions(companyId, year))
  const { user } = useSessionView()
  const download = useDownloadIncomeReport()
  const email = user?.email?.toLowerCase()
  const mine = (row: IncomeReports['partners'][number]) =>
    email !== undefined && row.email?.toLowerCase() === email
  // The signed-in person's own report first.
  const partners = [...reports.partners].sort((a, b) => Number(mine(b)) - Number(mine(a)))
  return (
    <Card className="stack">
      <h2>Informes de {year}</h2>
      <ReportStatus reports={reports} />
      {actions}
      {reports.partners.length === 0 ? (
        <EmptyState title="Nenhum sócio cadastrado">
          Os sócios vêm do cadastro da empresa.
        </EmptyState>
      ) : (
        <DataTable
          caption={`Informes de rendimentos de ${year}`}
          rows={partners}
          rowKey={(row) => row.partnerId}
          columns={[
            {
              key: 'partner',
              header: 'Sócio',
              card: 'title',
              rowHeader: true,
              cell: (row) => (
                <span className={styles.partner}>
                  {row.name}
                  {mine(row) && <Badge tone="info">Você</Badge>}
                  <span className="muted">CPF {formatCpfValue(row.cpf)}</span>
                </span>
              ),
            },
            {
              key: 'proLabore',
              header: 'Pró-labore',
              align: 'right',
              cell: (row) => formatMoney(row.proLabore),
            },
            {
              key: 'taxes',
              header: 'INSS e IRRF retidos',
              align: 'right',
              cell: (row) => `${formatMoney(row.inss)} · ${formatMoney(row.irrf)}`,
            },
            {
              key: 'profits',
              header: 'Lucros (isentos)',
              align: 'right',
              cell: (row) => `${formatMoney(row.profits)} (${formatMoney(row.exemptProfits)})`,
            },
            {
              key: 'profitsIrrf',
              header: 'IRRF sobre lucros',
              align: 'right',
              cell: (row) => formatMoney(row.profitsIrrf),
            },
            {
              key: 'download',
              header: <span className="visually-hidden">Baixar</span>,
              card: 'actions',
              cell: (row) => (
                <Button
                  size="sm"
                  variant={mine(row) ? 'primary' : 'secondary'}
                  loading={download.isPending && download.variables?.partnerId === row.partnerId}
                  aria-label={`Baixar o informe de ${year} de ${row.name} (PDF)`}
                  onClick={() =>
                    download.mutate(
                      { companyId, year, partnerId: row.partnerId, cpf: row.cpf },
                      { onError: (error) => notify.error(error.message) },
                    )
                  }
                >
                  Baixar PDF
                </Button>
              ),
            },
          ]}
        />
      )}
      <p className={styles.note}>
        No modelo oficial, o pró-labore vai no quadro 3 (linhas 1, 2 e 5) e os lucros isentos no
        quadro 4, linha 6. Lucros acima do limite isento e o imposto retido sobre lucros (a partir
        de 2026) aparecem nas informações complementares: a Receita ainda não publicou a linha do
        novo imposto.
      </p>
    </Card>
  )
}

function ReportStatus({ reports }: { reports: IncomeReports }) {
  if (reports.sentAt)
    return (
      <p>
        <Badge tone="success">Enviado</Badge> pela contabilidade em {formatDateTime(reports.sentAt)}
        .
      </p>
    )
  if (!reports.yearOver)
    return (
      <Alert tone="info" title={`${reports.year} ainda não terminou`}>
        Os valores são uma prévia e mudam com o pró-labore e os lucros dos próximos meses. A
        contabilidade envia o informe até {formatDate(reports.dueDate)}.
      </Alert>
    )
  return (
    <Alert tone="info" title="Ainda não enviado">
      A contabilidade envia o informe até {formatDate(reports.dueDate)}; até lá, o PDF é uma prévia.
    </Alert>
  )
}
