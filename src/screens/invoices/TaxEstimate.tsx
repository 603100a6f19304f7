import type { ReactNode } from 'react'
import { formatMoney } from '@/lib/format'
import type { ActivityTax } from '@/schemas/cnae'
import type { Company } from '@/schemas/company'
import { formatCnaeCode } from '@/schemas/slug'
import type { SimplesSummary } from '@/schemas/report'
import { issTaxationLabels, type IssTaxation } from '@/schemas/invoice'
import { companyAnnexes, dasMeiOf, simplesRateFor, simplesTaxOn } from '@/schemas/tax'
import { useSimplesSummary } from '@/services/panel'
import styles from './Invoices.module.css'

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

const activityName = (activity: ActivityTax) => `${formatCnaeCode(activity.code)} ${activity.text}`

/**
 * The Simples Nacional this invoice will roughly cost: its value at the effective rate of the
 * annex of the company's activities (RBT12, fator R and activities from the panel's report,
 * src/schemas/tax.ts); for a MEI, the fixed DAS of its occupations. Always labelled an estimate:
 * the tax is worked out in the month's DAS. Where no honest figure exists it says why.
 */
export function TaxEstimate({
  company,
  value,
  issTaxation = 'taxable',
}: {
  company: Company
  value: number | null
  issTaxation?: IssTaxation
}) {
  const summary = useSimplesSummary(company.id)
  let body: ReactNode
  if (summary.isPending) body = 'Calculando a alíquota efetiva da empresa…'
  else if (summary.isError)
    body = 'Não foi possível calcular a estimativa agora; a nota pode ser pedida assim mesmo.'
  else if (company.size === 'MEI') body = meiEstimate(summary.data)
  else body = simplesEstimate(summary.data, value, issTaxation)
  return (
    <aside className={styles.estimate} aria-live="polite" aria-label="Estimativa de imposto">
      <span className={styles.estimateTag}>Estimativa</span>
      <p>{body}</p>
      <p className={styles.estimateNote}>
        É uma estimativa: o valor exato sai no DAS do mês, calculado pela contabilidade.
      </p>
    </aside>
  )
}

function meiEstimate(summary: SimplesSummary): ReactNode {
  const das = dasMeiOf(summary.activities)
  const amount =
    das.kind === 'known'
      ? formatMoney(das.das.total)
      : das.kind === 'depends'
        ? `${das.options.map((option) => formatMoney(option.total)).join(' ou ')}, conforme a ocupação registrada`
        : 'no valor que a contabilidade informar'
  return (
    <>
      Como MEI, a empresa paga o DAS fixo do mês ({amount}), com ou sem esta nota: ela não aumenta o
      imposto, mas conta para o limite anual do MEI.
    </>
  )
}

function simplesEstimate(
  summary: SimplesSummary,
  value: number | null,
  issTaxation: IssTaxation,
): ReactNode {
  const { rbt12, payroll, activities } = summary
  const placement = companyAnnexes(activities, payroll, rbt12)
  const main = activities[0]
  if (!placement.estimate)
    return main
      ? `Sem estimativa: a atividade principal, ${activityName(main)}, não tem um anexo do Simples Nacional que possamos usar com segurança. Confirme o anexo com a contabilidade.`
      : 'Sem estimativa: a empresa não tem atividades (CNAE) cadastradas, e o anexo do Simples Nacional segue as atividades.'
  const { annex, fromMainActivity } = placement.estimate
  const rate = simplesRateFor(rbt12, annex)
  if (!rate)
    return 'O faturamento dos últimos 12 meses passa do teto do Simples Nacional: fale com a contabilidade.'
  return (
    <>
      {value && value > 0 ? (
        <>
          <strong className={styles.estimateValue}>
            ≈ {formatMoney(simplesTaxOn(value, rate))}
          </strong>{' '}
          de Simples Nacional sobre {formatMoney(value)}.
        </>
      ) : (
        'Informe o valor para ver o Simples Nacional desta nota.'
      )}{' '}
      Alíquota efetiva de {percent.format(rate.effectiveRate)} (Anexo {annex}; faturamento dos
      últimos 12 meses: {formatMoney(rbt12)}).
      {fromMainActivity &&
        main &&
        ` A empresa tem atividades em mais de um anexo: a estimativa usa o da atividade principal, ${activityName(main)}.`}
      {annex === 'IV' &&
        ' No Anexo IV a contribuição previdenciária patronal (CPP) é paga fora do DAS.'}
      {issTaxation !== 'taxable' &&
        ` Com ${issTaxationLabels[issTaxation].toLowerCase()}, a parte do ISS no DAS não é devida${issTaxation === 'export' ? ' (na exportação, nem a do PIS e da Cofins)' : ''}: o valor exato fica abaixo desta estimativa, que não a desconta.`}
    </>
  )
}
