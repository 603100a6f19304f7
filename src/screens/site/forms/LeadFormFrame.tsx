import type { ReactNode } from 'react'
import styles from './LeadForm.module.css'
import type { LeadFormProps } from './lead-form-types'

/** The card around the form, shared by the light and the full one. */
export function LeadFormFrame({
  title,
  text,
  children,
}: Pick<LeadFormProps, 'title' | 'text'> & { children: ReactNode }) {
  return (
    <div className={styles.card} id="formulario">
      {title && <h2 className={styles.title}>{title}</h2>}
      {text && <p className={styles.text}>{text}</p>}
      {children}
    </div>
  )
}
