import { useState } from 'react'
import { formatCpfValue, formatDate, formatMoney } from '@/lib/format'
import type { Profits } from '@/schemas/year-end'
import { useDeleteDistribution } from '@/services/year-end'
import { competenceLabel, GuideBox } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert, Badge } from '@/ui/Feedback'
import { Card } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { notify } from '@/ui/notify'
import { Stat, StatGrid } from '@/ui/Stat'
import { DataTable } from '@/ui/Table'
import { rateText } from './format'
import styles from './YearEnd.module.css'

// The pieces of a year's profits, shown to the owner (Lucros) and to the accountant (a company's
// year): the figures, the warnings, the distributions with their withholding, each partner's
// share, and how the limit is calculated.

const monthsText = (months: readonly string[]) =>
  months.length === 0
    ? 'nenhum mês'
    : months.length === 1
      ? competenceLabel(months[0]!)
      : `${competenceLabel(months[0]!)} a ${competenceLabel(months.at(-1)!)}`

/** What may still be taken tax-free, the limit and what was distributed and withheld. */
export function ProfitsFigures({ profits }: { profits: Profits }) {
  const basis =
    profits.basis === 'books' && profits.books
      ? `pelo lucro contábil (${profits.books.source})`
      : `pela presunção (${rateText(profits.presumptionRate)} da receita) menos o IRPJ do DAS`
  return (
    <StatGrid min={200}>
      <Stat
        label="Ainda pode retirar sem imposto"
        value={formatMoney(profits.available)}
        testId="profits-available"
        note={
          profits.distributed > profits.exemptLimit
            ? `Distribuído ${formatMoney(profits.distributed - profits.exemptLimit)} acima do limite`
            : `em ${profits.year}, pelos meses de ${monthsText(profits.months)}`
        }
      />
      <Stat
        label="Limite de lucros isentos"
        value={formatMoney(profits.exemptLimit)}
        testId="profits-limit"
        note={basis}
        size="md"
      />
      <Stat
        label="Já distribuído"
        value={formatMoney(profits.distributed)}
        testId="profits-distributed"
        size="md"
      />
      <Stat
        label="IRRF retido sobre lucros"
        value={formatMoney(profits.withheld)}
        testId="profits-withheld"
        note="10 % do mês acima de R$ 50.000,00 por sócio (a partir de 2026)"
        size="md"
      />
    </StatGrid>
  )
}

export function ProfitsWarnings({ profits }: { profits: Profits }) {
  if (profits.warnings.length === 0) return null
  return (
    <div className={styles.warnings}>
      {profits.warnings.map((warning) => (
        <Alert
          key={warning.code}
          tone={warning.code === 'above-exempt' ? 'warning' : 'info'}
          title={
            warning.code === 'literal-reading'
              ? 'A leitura literal da lei'
              : warning.code === 'above-exempt'
                ? 'Distribuição acima do limite isento'
                : undefined
          }
        >
          {warning.message}
        </Alert>
      ))}
    </div>
  )
}

/** The year's distributions: each with the tax withheld and its DARF 1841; removable. */
export function DistributionsList({ companyId, profits }: { companyId: string; profits: Profits }) {
  const remove = useDeleteDistribution()
  const [removing, setRemoving] = useState<Profits['distributions'][number] | null>(null)
  const guides = new Map(
    profits.distributions
      .filter((distribution) => distribution.guide && distribution.guide.status === 'pending')
      .map((distribution) => [distribution.guide!.documentId, distribution.guide!]),
  )
  return (
    <Card className="stack">
      <h2>Distribuições de {profits.year}</h2>
      <ListView
        list={{ data: profits.distributions, total: profits.distributions.length }}
        summary={{ noun: ['distribuição', 'distribuições'], detail: ` em ${profits.year}` }}
        empty={{
          title: `Nenhuma distribuição de lucros em ${profits.year}`,
          description: 'Registre acima cada pagamento de lucros aos sócios.',
        }}
      >
        <DataTable
          caption={`Distribuições de lucros de ${profits.year}`}
          rows={profits.distributions}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'date',
              header: 'Data',
              card: 'title',
              cell: (row) => formatDate(row.date),
            },
            {
              key: 'partner',
              header: 'Sócio',
              cell: (row) => row.name,
            },
            {
              key: 'amount',
              header: 'Valor',
              align: 'right',
              cell: (row) => <span className={styles.amount}>{formatMoney(row.amount)}</span>,
            },
            {
              key: 'irrf',
              header: 'IRRF retido',
              align: 'right',
              cell: (row) => (
                <span className={styles.amount}>
                  {row.fromResultsUpTo2025 ? 'Isento (até 2025)' : formatMoney(row.irrf)}
                </span>
              ),
            },
            {
              key: 'darf',
              header: 'DARF 1841',
              cell: (row) =>
                row.guide ? (
                  row.guide.status === 'paid' ? (
                    <Badge tone="success">Pago</Badge>
                  ) : (
                    <span>
                      {row.guide.overdue ? 'Venceu' : 'Vence'} em {formatDate(row.guide.dueDate)}
                    </span>
                  )
                ) : (
                  <span className="muted">—</span>
                ),
            },
            {
              key: 'actions',
              header: <span className="visually-hidden">Ações</span>,
              card: 'actions',
              cell: (row) => (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setRemoving(row)}
                  aria-label={`Excluir a distribuição de ${formatDate(row.date)} a ${row.name}`}
                >
                  Excluir
                </Button>
              ),
            },
          ]}
        />
      </ListView>
      {[...guides.values()].map((guide) => (
        <GuideBox key={guide.documentId} companyId={companyId} guide={guide} />
      ))}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Excluir esta distribuição?"
        description={
          removing
            ? `${formatMoney(removing.amount)} pagos a ${removing.name} em ${formatDate(removing.date)}. O imposto retido no mês e o DARF 1841 são recalculados.`
            : ''
        }
        confirmLabel="Excluir"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { companyId, distributionId: removing.id },
            {
              onSuccess: () => {
                notify.success('Distribuição excluída.')
                setRemoving(null)
              },
              onError: (error) => notify.error(error.message),
            },
          )
        }
      />
    </Card>
  )
}

/** What each partner received, exempt and taxable, and the tax withheld. */
export function PartnersTable({ profits }: { profits: Profits }) {
  return (
    <DataTable
      caption={`Lucros por sócio em ${profits.year}`}
      showCaption
      rows={profits.partners}
      rowKey={(row) => row.partnerId}
      columns={[
        {
          key: 'name',
          header: 'Sócio',
          card: 'title',
          rowHeader: true,
          cell: (row) => (
            <span className={styles.partner}>
              {row.name}
              <span className="muted">CPF {formatCpfValue(row.cpf)}</span>
            </span>
          ),
        },
        {
          key: 'received',
          header: 'Recebido',
          align: 'right',
          cell: (row) => <span className={styles.amount}>{formatMoney(row.received)}</span>,
        },
        {
          key: 'exempt',
          header: 'Isento',
          align: 'right',
          cell: (row) => <span className={styles.amount}>{formatMoney(row.exempt)}</span>,
        },
        {
          key: 'taxable',
          header: 'Tributável',
          align: 'right',
          cell: (row) => <span className={styles.amount}>{formatMoney(row.taxable)}</span>,
        },
        {
          key: 'irrf',
          header: 'IRRF retido',
          align: 'right',
          cell: (row) => <span className={styles.amount}>{formatMoney(row.irrf)}</span>,
        },
      ]}
    />
  )
}

/** How the limit is calculated: each activity's revenue, presumption and IRPJ in the DAS. */
export function LimitDetails({ profits }: { profits: Profits }) {
  return (
    <details>
      <summary>Como o limite é calculado</summary>
      <div className="stack">
        <p className={styles.note}>
          Meses considerados: {monthsText(profits.months)}
          {profits.previewMonths.length > 0 &&
            ` (${profits.previewMonths.length === 1 ? 'um ainda aberto' : `${profits.previewMonths.length} ainda abertos`}: prévia)`}
          . LC 123/2006, art. 14; Resolução CGSN 140/2018, art. 145: a presunção da Lei 9.249/1995
          (art. 15) sobre a receita de cada atividade, menos o IRPJ pago no DAS. Com escrituração
          contábil, vale o lucro contábil quando é maior.
        </p>
        <DataTable
          caption="Presunção por atividade"
          rows={profits.activities}
          rowKey={(row) => `${row.cnae}-${row.annex}`}
          footer={{
            activity: 'Total',
            revenue: formatMoney(profits.revenue),
            presumed: formatMoney(profits.presumed),
            irpj: formatMoney(profits.irpjInDas),
          }}
          columns={[
            {
              key: 'activity',
              header: 'Atividade',
              card: 'title',
              cell: (row) => `${row.text} (Anexo ${row.annex})`,
            },
            {
              key: 'revenue',
              header: 'Receita',
              align: 'right',
              cell: (row) => formatMoney(row.revenue),
            },
            { key: 'rate', header: 'Presunção', align: 'right', cell: (row) => rateText(row.rate) },
            {
              key: 'presumed',
              header: 'Lucro presumido',
              align: 'right',
              cell: (row) => formatMoney(row.presumed),
            },
            {
              key: 'irpj',
              header: 'IRPJ no DAS',
              align: 'right',
              cell: (row) => formatMoney(row.irpj),
            },
          ]}
        />
        <p className={styles.note}>
          Pela presunção: {formatMoney(profits.presumed)} − {formatMoney(profits.irpjInDas)} ={' '}
          {formatMoney(profits.presumedLimit)}. Pela letra da lei (todo o DAS de{' '}
          {formatMoney(profits.das)}): {formatMoney(profits.literalLimit)}.
          {profits.books &&
            ` Lucro contábil registrado: ${formatMoney(profits.books.profit)} (${profits.books.source}, até ${formatDate(profits.books.upTo)}).`}
        </p>
      </div>
    </details>
  )
}
