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
