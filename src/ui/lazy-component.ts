import { createElement, use, type ComponentType } from 'react'

// A component whose code is fetched when first needed, which can be fetched ahead (`preload`, a
// screen's loader before it shows it), and which renders at once once it is there: React.lazy
// suspends once even for a module already loaded; this does not. Without the router library's
// `lazyRouteComponent`, so the login page of a signed-out full load can use it before the router
// loads (src/screens/auth/LoginScreen.tsx).

export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> }

export function lazyComponent<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] extends ComponentType<infer P> ? LazyComponent<P> : never {
  type Props = M[K] extends ComponentType<infer P> ? P : never
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<void> | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => void (loaded = module[name] as ComponentType<Props>),
      (error: unknown) => {
        // A failed fetch (offline, a build replaced meanwhile) is tried again next time.
        loading = undefined
        throw error
      },
    ))
  function Lazy(props: Props) {
    if (!loaded) use(preload())
    return createElement(loaded as ComponentType<object>, props as object)
  }
  return Object.assign(Lazy, { preload }) as never
}
