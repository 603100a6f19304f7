import { formatMoney } from '@/lib/format'
import type { Company } from '@/schemas/company'
import {
  annexByFatorR,
  dasMeiFor,
  estimateSimplesTax,
  meiActivityKinds,
  simplesRateFor,
} from '@/schemas/tax'
import { useSimplesSummary } from '@/services/panel'
import styles from './Invoices.module.css'

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/**
 * The Simples Nacional this invoice will roughly cost: its value at the company's current
 * effective rate (RBT12 and the fator R annex from the panel's calculation, src/schemas/tax.ts).
 * Always labelled an estimate: the tax is worked out in the month's DAS.
 */
export function TaxEstimate({ company, value }: { company: Company; value: number | null }) {
  const summary = useSimplesSummary(company.id)
  let body: React.ReactNode
  if (company.size === 'MEI') {
    const das = dasMeiFor(meiActivityKinds(company.activities))
    body = (
      <>
        Como MEI, a empresa paga o DAS fixo do mês ({formatMoney(das.total)}), com ou sem esta nota:
        ela não aumenta o imposto, mas conta para o limite anual do MEI.
      </>
    )
  } else if (summary.isPending) {
    body = 'Calculando a alíquota efetiva da empresa…'
  } else if (summary.isError) {
    body = 'Não foi possível calcular a estimativa agora; a nota pode ser pedida assim mesmo.'
  } else {
    const { rbt12, payroll } = summary.data
    const annex = annexByFatorR(payroll, rbt12)
    const rate = simplesRateFor(rbt12, annex)
    const amount = value && value > 0 ? estimateSimplesTax(value, rbt12, annex) : null
    body = !rate ? (
      'O faturamento dos últimos 12 meses passa do teto do Simples Nacional: fale com a contabilidade.'
    ) : (
      <>
        {amount === null ? (
          'Informe o valor para ver o Simples Nacional desta nota.'
        ) : (
          <>
            <strong className={styles.estimateValue}>≈ {formatMoney(amount)}</strong> de Simples
            Nacional sobre {formatMoney(value!)}.
          </>
        )}{' '}
        Alíquota efetiva de {percent.format(rate.effectiveRate)} (Anexo {annex}; faturamento dos
        últimos 12 meses: {formatMoney(rbt12)}).
      </>
    )
  }
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
