import type { CSSProperties } from 'react'
import styles from './Meter.module.css'

/**
 * A horizontal gauge of a value against a maximum (role="meter"), with optional marks (e.g. a
 * warning line). Past the maximum the bar stays full; `valueText` says the value in words.
 */
export function Meter({
  label,
  value,
  max,
  valueText,
  tone = 'normal',
  marks = [],
  scale,
}: {
  /** What is measured, for screen readers. */
  label: string
  value: number
  max: number
  /** The value as screen readers should hear it ("R$ 40.500,00 de R$ 81.000,00, 50 %"). */
  valueText: string
  tone?: 'normal' | 'warning' | 'danger'
  /** Lines at these shares of the maximum (0..1). */
  marks?: number[]
  /** Texts under the bar, left to right. */
  scale?: [string, string]
}) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  return (
    <div className={[styles.meter, tone !== 'normal' ? styles[tone] : ''].join(' ')}>
      <div
        className={styles.track}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={valueText}
      >
        <span className={styles.fill} style={{ width: `${share * 100}%` }} />
        {marks.map((mark) => (
          <span
            key={mark}
            className={styles.mark}
            style={{ left: `calc(${mark * 100}% - 1px)` } as CSSProperties}
            aria-hidden="true"
          />
        ))}
      </div>
      {scale && (
        <div className={styles.scale} aria-hidden="true">
          <span>{scale[0]}</span>
          <span>{scale[1]}</span>
        </div>
      )}
    </div>
  )
}
