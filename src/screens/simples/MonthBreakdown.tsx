import { formatCount, formatMoney } from '@/lib/format'
import { formatCnaeCode } from '@/schemas/slug'
import { rbt12RuleLabels, simplesTaxes } from '@/kernel/tax'
import type { MonthIssue, SimplesMonthView } from '@/schemas/simples/api'
import { Alert } from '@/ui/Feedback'
import { Stat, StatGrid } from '@/ui/Stat'
import { DataTable } from '@/ui/Table'
import { competenceLabel, competenceShort, formatRate, taxLabels } from './format'
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
        label={`Receita de ${competenceLabel(month.period)} (a base do DAS)`}
        value={formatMoney(month.revenue)}
        testId="month-revenue"
        // What the figure is made of, so that it never reads against the invoices' total: the
        // notes issued in the month, plus what the client declared sold without one.
        note={`${formatMoney(month.invoices.total)} em ${formatCount(month.invoices.count, 'nota emitida', 'notas emitidas')}${
          month.declared.length
            ? ` + ${formatMoney(month.revenue - month.invoices.total)} de vendas declaradas sem nota`
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
              DCTFWeb, com o INSS retido da folha
              {month.activities.some((row) => row.annex !== 'IV')
                ? ', só na proporção da receita do Anexo IV (a das outras atividades vai no DAS)'
                : ''}
              .
            </p>
          )}
        </section>
      )}
      {month.limits?.opening && (
        <p className={styles.muted} data-testid="opening-year">
          Ano de início de atividade: {month.limits.months}{' '}
          {month.limits.months === 1 ? 'mês' : 'meses'} no ano, limite proporcional de{' '}
          {formatMoney(month.limits.ceiling)} e sublimite de {formatMoney(month.limits.sublimit)}{' '}
          (LC 123/2006, art. 3º, §§ 2º e 11).
        </p>
      )}
      {month.sublimit.impeded ? (
        <Alert tone="warning" title="ICMS e ISS fora do DAS">
          A receita passou do sublimite de {formatMoney(month.sublimit.limit)} em mais de 20 %: o
          ICMS e o ISS são pagos direto ao Estado e ao município.
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
      {(month.limits?.notes.length ?? 0) > 0 && (
        <Alert tone="warning" title="O que a receita do ano faz">
          <ul className={styles.missing} data-testid="limit-notes">
            {month.limits!.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Alert>
      )}
      <RestatedMonths month={month} />
      <CarryNotes month={month} />
      {month.problems.length > 0 && (
        <Alert tone="danger" title="O que a apuração não consegue resolver sozinha">
          <MissingList missing={month.problems} />
        </Alert>
      )}
    </div>
  )
}

/**
 * The opening year's closed months done again without ICMS and ISS: what each DAS was, what it
 * owes now, and the ICMS and ISS now due to the State and the municipality.
 */
function RestatedMonths({ month }: { month: SimplesMonthView }) {
  if (month.restated.length === 0) return null
  return (
    <Alert tone="warning" title="Meses já fechados refeitos sem ICMS e ISS">
      <p>
        Desde o início de atividade, o ICMS e o ISS saem do DAS (LC 123/2006, art. 3º, § 11): cada
        PGDAS-D abaixo deve ser retificado pelo valor que o mês deve agora, e o ICMS e o ISS que o
        DAS levou passam a ser devidos ao Estado e ao município, pelas regras deles.
      </p>
      <DataTable
        caption="Meses do ano de início refeitos sem ICMS e ISS"
        showCaption
        rows={month.restated}
        rowKey={(row) => row.period}
        columns={[
          {
            key: 'period',
            header: 'Competência',
            rowHeader: true,
            card: 'title',
            cell: (row) => competenceShort(row.period),
          },
          {
            key: 'closed',
            header: 'DAS fechado',
            align: 'right',
            cell: (row) => formatMoney(row.closedDas),
          },
          {
            key: 'now',
            header: 'DAS devido agora',
            align: 'right',
            cell: (row) => formatMoney(row.das),
          },
          {
            key: 'local',
            header: 'ICMS e ISS fora do DAS',
            align: 'right',
            cell: (row) => formatMoney(row.icms + row.iss),
          },
        ]}
      />
    </Alert>
  )
}

/** Guides under R$ 10,00: carried to the next competence, or added to this one's. */
function CarryNotes({ month }: { month: SimplesMonthView }) {
  const notes = (['das', 'darf'] as const).flatMap((kind) => {
    const carry = month.carry[kind]
    const name = kind === 'das' ? 'DAS' : 'DARF da DCTFWeb'
    return [
      carry.carriedIn > 0 &&
        `O ${name} ${month.status === 'open' ? 'vai somar' : 'somou'} ${formatMoney(carry.carriedIn)} de ${carry.from.map(competenceShort).join(', ')}, que ficaram abaixo de R$ 10,00.`,
      carry.carriedOut > 0 &&
        `${name} de ${formatMoney(carry.carriedOut)}: abaixo de R$ 10,00, não é emitido; o valor vai para o da competência seguinte, sem multa nem juros (Lei nº 9.430/1996, art. 68).`,
    ].filter((note): note is string => typeof note === 'string')
  })
  if (notes.length === 0) return null
  return (
    <Alert tone="info" title="Guias abaixo de R$ 10,00">
      <ul className={styles.missing} data-testid="carry-notes">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </Alert>
  )
}
