import { formatMoney } from '@/lib/format'
import { formatCnaeCode } from '@/schemas/slug'
import { rbt12RuleLabels, simplesTaxes } from '@/kernel/tax'
import type { MonthIssue, SimplesMonthView } from '@/schemas/simples/api'
import { Alert } from '@/ui/Feedback'
import { Stat, StatGrid } from '@/ui/Stat'
import { DataTable } from '@/ui/Table'
import { competenceLabel, formatRate, taxLabels } from './format'
import styles from './Simples.module.css'

/** What keeps a month from closing, item by item. */
export function MissingList({ missing }: { missing: readonly MonthIssue[] }) {
  if (missing.length === 0) return null
  return (
    <ul className={styles.missing} data-testid="month-missing">
      {missing.map((item) => (
        <li key={`${item.code}-${item.message}`}>{item.message}</li>
      ))}
    </ul>
  )
}

/** The month's figures: revenue, RBT12 and its rule, fator R. */
export function MonthFigures({ month }: { month: SimplesMonthView }) {
  return (
    <StatGrid>
      <Stat
        label={`Receita de ${competenceLabel(month.period)}`}
        value={formatMoney(month.revenue)}
        testId="month-revenue"
        note={`${month.invoices.count} ${month.invoices.count === 1 ? 'nota emitida' : 'notas emitidas'} (${formatMoney(month.invoices.total)})${
          month.declared.length
            ? ` e ${formatMoney(month.revenue - month.invoices.total)} declarados sem nota`
            : ''
        }.`}
      />
      <Stat
        label="Receita bruta dos 12 meses (RBT12)"
        value={formatMoney(month.rbt12)}
        testId="rbt12"
        note={`${rbt12RuleLabels[month.rbt12Rule]}.`}
      />
      {month.regime === 'simples' &&
        (month.subjectToFatorR ? (
          <Stat
            label="Fator R (folha ÷ receita)"
            value={formatRate(month.fatorR ?? 0, 0)}
            testId="fator-r"
            note={`Folha dos 12 meses: ${formatMoney(month.payroll12 ?? 0)}. A partir de 28 % as atividades sujeitas ao fator R vão para o Anexo III; abaixo, Anexo V.`}
          />
        ) : (
          <Stat
            label="Fator R"
            value="Não se aplica"
            testId="fator-r"
            note="Nenhuma atividade da empresa é sujeita ao fator R: o anexo não muda com a folha."
          />
        ))}
    </StatGrid>
  )
}

/**
 * The month's DAS as the PGDAS-D segregates it: each activity with its annex, bracket, effective
 * rate, revenue and amount, then the amount by tax; and what the calculation could not settle.
 */
export function MonthBreakdown({ month }: { month: SimplesMonthView }) {
  if (month.regime === 'mei')
    return month.dasMei ? (
      <ul className={styles.taxes} aria-label="Composição do DAS-MEI">
        <li>
          <span>INSS (5 % do salário mínimo)</span>{' '}
          <strong>{formatMoney(month.dasMei.inss)}</strong>
        </li>
        {month.dasMei.icms > 0 && (
          <li>
            <span>ICMS</span> <strong>{formatMoney(month.dasMei.icms)}</strong>
          </li>
        )}
        {month.dasMei.iss > 0 && (
          <li>
            <span>ISS</span> <strong>{formatMoney(month.dasMei.iss)}</strong>
          </li>
        )}
      </ul>
    ) : (
      <MissingList missing={month.problems} />
    )
  const taxes = simplesTaxes.filter((tax) => month.taxes[tax] > 0)
  const withheld = month.activities.reduce((total, row) => total + row.issWithheld, 0)
  return (
    <div className={styles.breakdown}>
      {month.activities.length > 0 && (
        <section aria-label="Por atividade">
          <h3>Por atividade</h3>
          <DataTable
            caption={`DAS de ${competenceLabel(month.period)} por atividade`}
            rows={month.activities}
            rowKey={(row) => `${row.cnae}-${row.annex}`}
            columns={[
              {
                key: 'activity',
                header: 'Atividade',
                cell: (row) => `${formatCnaeCode(row.cnae)} ${row.text}`,
              },
              {
                key: 'annex',
                header: 'Anexo',
                cell: (row) =>
                  `Anexo ${row.annex}${row.subjectToFatorR ? ' (fator R)' : ''}, ${row.bracket}ª faixa`,
              },
              {
                key: 'rate',
                header: 'Alíquota efetiva',
                align: 'right',
                cell: (row) => formatRate(row.dasRate, 4),
              },
              {
                key: 'revenue',
                header: 'Receita',
                align: 'right',
                cell: (row) => formatMoney(row.revenue),
              },
              {
                key: 'amount',
                header: 'DAS',
                align: 'right',
                cell: (row) => formatMoney(row.amount),
              },
            ]}
          />
        </section>
      )}
      {taxes.length > 0 && (
        <section aria-label="Por tributo">
          <h3>Por tributo</h3>
          <ul className={styles.taxes} data-testid="das-taxes">
            {taxes.map((tax) => (
              <li key={tax}>
                <span>{taxLabels[tax]}</span> <strong>{formatMoney(month.taxes[tax])}</strong>
              </li>
            ))}
          </ul>
          {withheld > 0 && (
            <p className={styles.muted}>
              O ISS de {formatMoney(withheld)} em notas com retenção foi pago pelo tomador e fica
              fora do DAS.
            </p>
          )}
          {month.activities.some((row) => row.annex === 'IV') && (
            <p className={styles.muted}>
              No Anexo IV a contribuição previdenciária patronal (CPP) não está no DAS: ela vai na
              DCTFWeb, com o INSS do pró-labore.
            </p>
          )}
        </section>
      )}
      {month.sublimit.impeded ? (
        <Alert tone="warning" title="ICMS e ISS fora do DAS">
          A receita do ano passou do sublimite de {formatMoney(month.sublimit.limit)} em mais de 20
          %: o ICMS e o ISS são pagos direto ao Estado e ao município.
        </Alert>
      ) : (
        month.sublimit.exceeded && (
          <Alert tone="warning" title="Receita do ano acima do sublimite">
            {formatMoney(month.sublimit.excessRevenue)} deste mês passaram de{' '}
            {formatMoney(month.sublimit.limit)} no ano: nessa parte o ICMS e o ISS vão pela 5ª faixa
            sobre o sublimite.
          </Alert>
        )
      )}
      {month.problems.length > 0 && (
        <Alert tone="danger" title="O que a apuração não consegue resolver sozinha">
          <MissingList missing={month.problems} />
        </Alert>
      )}
    </div>
  )
}
