import styles from './Button.module.css'

export type ButtonLook = {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent'
  size?: 'sm' | 'md' | 'lg'
  block?: boolean
}

/** The button look for links and other elements (no component, no dependencies). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}) {
  return [styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block]
    .filter(Boolean)
    .join(' ')
}

/** The spinner's class, for <Button loading>. */
export const spinnerClass = styles.spinner
