import type { ReactNode } from 'react'
import { formatMoney } from '@/lib/format'
import type { Company } from '@/schemas/company'
import { todayInBrazil } from '@/schemas/finance-common'
import { issTaxationLabels, serviceCodeOf, type IssTaxation } from '@/schemas/invoice'
import { toCents } from '@/kernel/money'
import { formatCnaeCode } from '@/schemas/slug'
import { revenueSegmentOf, simplesMonth } from '@/kernel/tax'
import type { SimplesMonthView } from '@/schemas/simples/api'
import { useMonth } from '@/services/simples'
import styles from './Invoices.module.css'

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/**
 * What this invoice adds to the month's DAS: the month's own calculation (the PGDAS-D's, from the
 * basis the server calculated it with, src/kernel/tax/month.ts) run again with the invoice
 * in it — its service to its activity and annex, the ISS withheld or not due, the RBT12, fator R,
 * 6th bracket and sublimit of the month. For a MEI, the fixed DAS-MEI. Always labelled an
 * estimate; where no honest figure exists it says why.
 */
export function TaxEstimate({
  company,
  value,
  taxationCode,
  issWithheld = false,
  issTaxation = 'taxable',
}: {
  company: Company
  value: number | null
  taxationCode?: string
  issWithheld?: boolean
  issTaxation?: IssTaxation
}) {
  const period = todayInBrazil().slice(0, 7)
  const month = useMonth(company.id, period)
  let body: ReactNode
  if (month.isPending) body = 'Calculando o imposto deste mês…'
  else if (month.isError)
    body = 'Não foi possível calcular a estimativa agora; a nota pode ser pedida assim mesmo.'
  else if (month.data.regime === 'mei') body = meiEstimate(month.data)
  else body = simplesEstimate(month.data, value, taxationCode ?? '', issWithheld, issTaxation)
  return (
    <aside className={styles.estimate} aria-live="polite" aria-label="Estimativa de imposto">
      <span className={styles.estimateTag}>Estimativa</span>
      <p>{body}</p>
      <p className={styles.estimateNote}>
        É uma estimativa: o valor exato sai no DAS do mês, que a contabilidade fecha depois do fim
        do mês.
      </p>
    </aside>
  )
}

function meiEstimate(month: SimplesMonthView): ReactNode {
  const amount = month.dasMei
    ? formatMoney(month.dasMei.total)
    : 'no valor que a contabilidade informar'
  return (
    <>
      Como MEI, a empresa paga o DAS fixo do mês ({amount}), com ou sem esta nota: ela não aumenta o
      imposto, mas conta para o limite anual do MEI.
    </>
  )
}

function simplesEstimate(
  month: SimplesMonthView,
  value: number | null,
  taxationCode: string,
  issWithheld: boolean,
  issTaxation: IssTaxation,
): ReactNode {
  const { basis } = month
  if (basis.activities.length === 0)
    return 'Sem estimativa: a empresa não tem atividades (CNAE) cadastradas, e o anexo do Simples Nacional segue as atividades.'
  if (!value || value <= 0) return 'Informe o valor para ver o Simples Nacional desta nota.'
  if (!/^\d{6}$/.test(taxationCode))
    return 'Escolha o serviço para ver o Simples Nacional desta nota: o anexo segue a atividade que o presta.'
  const service = serviceCodeOf(taxationCode)
  const input = { period: month.period, ...basis }
  const before = simplesMonth(input)
  const after = simplesMonth({
    ...input,
    items: [
      ...basis.items,
      {
        service,
        cnae: null,
        segment: revenueSegmentOf({ issWithheld, issTaxation }),
        cents: toCents(value),
      },
    ],
  })
  const row = after.activities.find((activity) =>
    basis.activities.find((a) => a.code === activity.cnae)?.services.includes(service),
  )
  if (!row)
    return `Sem estimativa: o serviço ${service} não corresponde a nenhuma atividade (CNAE) da empresa. Confira o código com a contabilidade antes de pedir a nota.`
  if (after.problems.some((problem) => problem.code === 'above-ceiling'))
    return 'O faturamento dos últimos 12 meses passa do teto do Simples Nacional: fale com a contabilidade.'
  const added = Math.max(0, after.das.amount - before.das.amount)
  return (
    <>
      <strong className={styles.estimateValue}>≈ {formatMoney(added)}</strong> de Simples Nacional
      sobre {formatMoney(value)}: {formatCnaeCode(row.cnae)} {row.text}, Anexo {row.annex}
      {row.subjectToFatorR ? ' (pelo fator R)' : ''}, {row.bracket}ª faixa, alíquota efetiva de{' '}
      {percent.format(row.dasRate)} (faturamento dos últimos 12 meses: {formatMoney(after.rbt12)}
      ).
      {row.annex === 'IV' &&
        ' No Anexo IV a contribuição previdenciária patronal (CPP) é paga fora do DAS.'}
      {issWithheld && ' Com o ISS retido pelo tomador, a parte do ISS fica fora do DAS.'}
      {issTaxation !== 'taxable' &&
        ` Com ${issTaxationLabels[issTaxation].toLowerCase()}, ${issTaxation === 'export' ? 'o PIS, a Cofins e o ISS ficam' : 'o ISS fica'} fora do DAS.`}
    </>
  )
}
