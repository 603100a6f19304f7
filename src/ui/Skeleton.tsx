import styles from './Skeleton.module.css'

/** A grey block where content is coming. */
export function SkeletonBlock({
  height = 16,
  width = '100%',
}: {
  height?: number
  width?: string
}) {
  return <span className={styles.block} style={{ height, width }} aria-hidden="true" />
}

/**
 * A page that is loading: the shape of a title, a description and a table, with its name for
 * screen readers. Layouts show it while a page's loader runs.
 */
export function PageSkeleton({ label = 'Carregando a página…' }: { label?: string }) {
  return (
    <div className={styles.page} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <SkeletonBlock height={32} width="40%" />
      <SkeletonBlock height={16} width="70%" />
      <div className={styles.card}>
        {[0, 1, 2, 3, 4].map((row) => (
          <SkeletonBlock key={row} height={20} />
        ))}
      </div>
    </div>
  )
}
