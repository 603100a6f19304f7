import { GuidesToPay } from '@/screens/simples'
import { PanelCard } from './PanelCard'
import styles from './PanelScreen.module.css'

/** The guides to pay, due and overdue, on the panel (an overdue one offers its recalculation). */
export function GuidesCard({ companyId }: { companyId: string }) {
  return (
    <PanelCard
      id="guias-a-pagar"
      title="Guias a pagar"
      description="As guias de impostos em aberto, a que vence primeiro em cima"
      wide
    >
      <GuidesToPay
        companyId={companyId}
        empty={<p className={styles.note}>Nenhuma guia a pagar agora.</p>}
      />
    </PanelCard>
  )
}
