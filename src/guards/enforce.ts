// Applies gate decisions inside a route's beforeLoad: a redirect, a 403 or an error page.
import { redirect } from '@tanstack/react-router'
import type { SessionView } from '@/machines/session'
import { runGates, type GateBanner, type GateInput, type GateName } from './gates'

/** 403: the signed-in user may not open this page (shown by the layout's error component). */
export class ForbiddenError extends Error {
  readonly status = 403
  constructor(readonly path: string) {
    super(`Acesso negado: ${path}`)
    this.name = 'ForbiddenError'
  }
}

/** The company could not be loaded, so the gate cannot decide where the user belongs. */
export class CompanyUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CompanyUnavailableError'
  }
}

export function enforceGates(
  names: readonly GateName[],
  input: { view: SessionView; location: GateInput['location'] },
): { banners: GateBanner[] } {
  const result = runGates(names, input)
  switch (result.kind) {
    case 'pass':
      return { banners: result.banners }
    case 'redirect':
      throw redirect({ href: result.to, replace: true })
    case 'forbidden':
      throw new ForbiddenError(input.location.pathname)
    case 'error':
      throw new CompanyUnavailableError(result.message)
  }
}

export { afterSignInPath, homePathFor } from './after-sign-in'
