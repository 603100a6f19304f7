import { z } from 'zod'
import { cnpjSchema } from '../../../src/schemas/brazil'
import { cnpjExistsSchema } from '../../../src/schemas/registry'
import { endpoint, type Call } from '../../api'
import { registryRecordOf } from './registry'

// The Receita's CNPJ registry check (PRODUCT.md "External services"): public, as the real one.

const cnpjQuerySchema = z.strictObject({ cnpj: cnpjSchema })

function cnpjExists({ store, query }: Call<{ query: { cnpj: string } }>) {
  return { exists: registryRecordOf(store, query.cnpj) !== null }
}

export const cnpjEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/cnpj-exists',
    summary: 'Whether the registry knows a CNPJ.',
    access: 'public',
    query: cnpjQuerySchema,
    answers: { 200: cnpjExistsSchema },
    handler: cnpjExists,
  }),
]
