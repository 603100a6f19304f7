import {
  cloneElement,
  isValidElement,
  type ButtonHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import { buttonClass, spinnerClass } from './button-class'

export { buttonClass }

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent'
  size?: 'sm' | 'md' | 'lg'
  block?: boolean
  /** Shows a spinner, keeps the width and blocks double submits. */
  loading?: boolean
  /** Renders the child (e.g. a router Link) with the button's look. */
  asChild?: boolean
  ref?: Ref<HTMLButtonElement>
  children: ReactNode
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  asChild = false,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  const classes = [buttonClass({ variant, size, block }), className].filter(Boolean).join(' ')
  if (asChild && isValidElement(children)) return withButtonLook(children, classes, rest)
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className={spinnerClass} aria-hidden="true" />}
      {children}
    </button>
  )
}

type AnyProps = Record<string, unknown>

/**
 * `asChild`: the child element (a router Link, an anchor) gets the button's class and props.
 * Handlers both sides define both run, child first (what radix's Slot does, without the library
 * on every page that shows a button).
 */
function withButtonLook(child: ReactElement, className: string, props: AnyProps) {
  const own = child.props as AnyProps
  const merged: AnyProps = { ...props }
  for (const [key, value] of Object.entries(props)) {
    const childValue = own[key]
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof childValue === 'function')
      merged[key] = (...args: unknown[]) => {
        ;(childValue as (...a: unknown[]) => void)(...args)
        ;(value as (...a: unknown[]) => void)(...args)
      }
  }
  merged.className = [className, own.className].filter(Boolean).join(' ')
  return cloneElement(child, merged)
}
