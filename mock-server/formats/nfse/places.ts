import { normalizeSearch } from '../../../src/schemas/slug'
import { cityDirectory } from '../../reference/cities'

// Municipalities as the national NFS-e names them: by IBGE code (fixtures/reference/
// municipalities.json).

/** The IBGE code of an address's municipality (its city and state), or null when unknown. */
export function ibgeCodeOf(address: { city: string; state: string } | null): string | null {
  if (!address) return null
  const name = normalizeSearch(address.city)
  const city = cityDirectory().all.find(
    (c) => c.state === address.state && normalizeSearch(c.name) === name,
  )
  return city?.ibgeCode ?? null
}

/** "São Paulo/SP" for an IBGE code; null when the code is not a municipality. */
export function municipalityLabel(code: string | null): string | null {
  if (!code) return null
  const city = cityDirectory().all.find((c) => c.ibgeCode === code)
  return city ? `${city.name}/${city.state}` : null
}
