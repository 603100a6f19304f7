import { z } from 'zod'
import { registryRecordSchema, type RegistryRecord } from '../../src/schemas/registry'
import { loadFixture } from '../fixtures'

// Read-only reference data of the external stand-ins, loaded once and checked by their schemas:
// the Receita CNPJ registry, the ViaCEP postal codes, and the CNAE subclasses (for the wizard's
// activity rules). Not part of the persisted state: the real services own this data.

const viaCepFixtureSchema = z.object({
  cep: z.string().regex(/^\d{8}$/),
  logradouro: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string().length(2),
  ibge: z.string().regex(/^\d{7}$/),
  ddd: z.string().regex(/^\d{2}$/),
})
export type ViaCepFixture = z.infer<typeof viaCepFixtureSchema>

const cnaeSchema = z.object({
  code: z.string().regex(/^\d{7}$/),
  text: z.string(),
  isAllowedMei: z.boolean(),
})

export type Reference = {
  registry: Map<string, RegistryRecord>
  ceps: Map<string, ViaCepFixture>
  cnaes: Map<string, z.infer<typeof cnaeSchema>>
}

let loaded: Reference | undefined

export function reference(): Reference {
  loaded ??= {
    registry: new Map(
      loadFixture('cnpj-registry.json', z.array(registryRecordSchema)).map((r) => [r.cnpj, r]),
    ),
    ceps: new Map(loadFixture('ceps.json', z.array(viaCepFixtureSchema)).map((c) => [c.cep, c])),
    cnaes: new Map(
      loadFixture('reference/cnae-subclasses.json', z.array(cnaeSchema)).map((c) => [c.code, c]),
    ),
  }
  return loaded
}
