import type { z } from 'zod'

/**
 * A route's search schema as the router takes it (a standard schema: `validateSearch`), built the
 * first time a search of that route is validated instead of when its module loads. The route tree
 * (src/entries/route-trees/routeTree.app.gen.js) holds every route's search schema and a full load
 * of any signed-in page evaluates it: there, building all of them would cost more than the one or
 * two the page's routes use.
 */
export function lazySearch<T extends z.ZodType>(build: () => T): Pick<T, '~standard'> {
  let schema: T | undefined
  const built = () => (schema ??= build())
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value: unknown) => built()['~standard'].validate(value),
    },
  } as Pick<T, '~standard'>
}

/** What a lazy search schema gives (the route's search, as its screen reads it). */
export type SearchOf<S extends Pick<z.ZodType, '~standard'>> = NonNullable<
  S['~standard']['types']
>['output']
