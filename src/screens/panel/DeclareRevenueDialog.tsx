import { useState } from 'react'
import { formatMoney } from '@/lib/format'
import { formatCnaeCode } from '@/schemas/slug'
import type { SimplesMonthView } from '@/schemas/simples/api'
import { useDeclareRevenue } from '@/services/simples'
import { competenceLabel } from '@/screens/simples'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { MoneyField } from '@/ui/MoneyField'
import { notify } from '@/ui/notify'

/**
 * Revenue of the month without an invoice (sales of goods), by activity: it joins the month's
 * revenue in the activity's annex (resale, Annex I; own production, Annex II). Zero removes it.
 */
export function DeclareRevenueDialog({
  companyId,
  month,
  open,
  onOpenChange,
}: {
  companyId: string
  month: SimplesMonthView
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  type Row = { activity: (typeof month.basis.activities)[number]; annex: 'I' | 'II' | null }
  const rows = month.basis.activities.flatMap((activity): Row[] => {
    const both = activity.simplesAnnexes?.includes('I') && activity.simplesAnnexes.includes('II')
    return both
      ? (['I', 'II'] as const).map((annex) => ({ activity, annex }))
      : [{ activity, annex: null }]
  })
  const key = (cnae: string, annex: 'I' | 'II' | null) => `${cnae}|${annex ?? ''}`
  const [values, setValues] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(month.declared.map((item) => [key(item.cnae, item.annex), item.amount])),
  )
  const declare = useDeclareRevenue()
  function save() {
    const items = rows
      .map(({ activity, annex }) => ({
        cnae: activity.code,
        annex,
        amount: values[key(activity.code, annex)] ?? 0,
      }))
      .filter((item) => item.amount > 0)
    declare.mutate(
      { companyId, period: month.period, revenue: { items } },
      {
        onSuccess: (answer) => {
          notify.success(
            `Receita sem nota de ${competenceLabel(month.period)} salva: o DAS previsto é de ${formatMoney(answer.das.amount)}.`,
          )
          onOpenChange(false)
        },
      },
    )
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Receita sem nota de ${competenceLabel(month.period)}`}
      description="Vendas de mercadorias (ou outra receita) sem nota fiscal de serviço, por atividade. Elas entram no DAS do mês, no anexo da atividade."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button onClick={save} loading={declare.isPending}>
            Salvar receita
          </Button>
        </>
      }
    >
      <div className="stack">
        {rows.map(({ activity, annex }) => (
          <MoneyField
            key={key(activity.code, annex)}
            label={`${formatCnaeCode(activity.code)} ${activity.text}${annex === 'I' ? ' — revenda (Anexo I)' : annex === 'II' ? ' — produção própria (Anexo II)' : ''}`}
            value={values[key(activity.code, annex)] ?? null}
            onChange={(value) =>
              setValues((previous) => ({ ...previous, [key(activity.code, annex)]: value }))
            }
          />
        ))}
        {declare.isError && (
          <Alert tone="danger" title="Não foi possível salvar.">
            {declare.error.message} O que você preencheu continua aqui.
          </Alert>
        )}
      </div>
    </Dialog>
  )
}
