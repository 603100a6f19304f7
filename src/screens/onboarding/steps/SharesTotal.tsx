import { formatPercent } from '../form-values'
import styles from './Partners.module.css'
import { toCents } from '@/kernel/money'

/** The live sum of the partners' shares, which must reach exactly 100 %. */
export function SharesTotal({ total }: { total: number }) {
  const ok = toCents(total) === 10_000
  const gap = Math.abs(100 - total)
  return (
    <p className={styles.total} data-ok={ok} role="status">
      <span>Total das participações: {formatPercent(total)}</span>
      <span>
        {ok
          ? 'Soma 100%: tudo certo.'
          : total < 100
            ? `Faltam ${formatPercent(gap)} para 100%.`
            : `Passa ${formatPercent(gap)} de 100%.`}
      </span>
    </p>
  )
}
