import { notFound } from '@tanstack/react-router'

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

/** A typed route parameter holding a record id; anything else is a 404. */
export const idParam = <Name extends string>(name: Name) => ({
  parse: (params: Record<Name, string>) => {
    const value = params[name]
    if (!ID.test(value)) throw notFound()
    return { [name]: value } as Record<Name, string>
  },
  stringify: (params: Record<Name, string>) => ({ [name]: params[name] }) as Record<Name, string>,
})

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status

/**
 * A loader's read of the record its route's params name: when the API answers 404 (no such id)
 * or 403 (someone else's), the page is the 404 'Page not found: {path}', not an empty screen.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 403) throw notFound()
    throw error
  }
}
