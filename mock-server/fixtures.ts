import { readFileSync } from 'node:fs'
import type { z } from 'zod'

// Reading `fixtures/`: the seeders' data and the read-only reference data of the external
// stand-ins (CNAEs, municipalities, the CNPJ registry, content) both come from there.

/** Reads a JSON file from `fixtures/`. */
export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'))

/** Parses a fixture with its schema; a bad fixture stops the server with the file and the path. */
export function loadFixture<T extends z.ZodType>(name: string, schema: T): z.output<T> {
  const result = schema.safeParse(fixture(name))
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  throw new Error(`fixtures/${name}: ${issue.path.join('.')}: ${issue.message}`)
}
