import { Component, type ErrorInfo, type ReactNode } from 'react'

export type ErrorFallbackProps = { error: unknown; reset: () => void }

type Props = {
  /** What to show instead of the children once they failed; `reset` renders them again. */
  fallback: (props: ErrorFallbackProps) => ReactNode
  /** Called on reset, before the children render again (e.g. React Query's reset). */
  onReset?: () => void
  /** Called once per error (to record it). */
  onError?: (error: unknown, info: ErrorInfo) => void
  children: ReactNode
}

/**
 * Keeps a failure inside one part of a page (a card): the rest of the page stays usable, and the
 * part can be tried again. Errors of the whole page are the router's error component's job.
 */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info)
  }

  reset = () => {
    this.props.onReset?.()
    this.setState({ error: null, failed: false })
  }

  override render() {
    if (this.state.failed)
      return this.props.fallback({ error: this.state.error, reset: this.reset })
    return this.props.children
  }
}
