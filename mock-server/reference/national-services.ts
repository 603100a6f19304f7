import { z } from 'zod'
import { loadFixture } from '../fixtures'

// The national service list of the NFS-e (`cTribNac`, the 335 codes of Anexo I of the DPS
// layout; fixtures/reference/nfse-national-services.json, see its SOURCES.md): what the Sefin
// Nacional stand-in checks a DPS's code against and the description the NFS-e carries.

const servicesSchema = z.array(
  z.object({
    code: z.string().regex(/^\d{6}$/),
    item: z.string(),
    detail: z.string(),
    description: z.string(),
  }),
)

let byCode: Map<string, string> | undefined

/** The description of a national taxation code, or undefined when the list does not have it. */
export function nationalServiceDescription(code: string): string | undefined {
  byCode ??= new Map(
    loadFixture('reference/nfse-national-services.json', servicesSchema).map((s) => [
      s.code,
      s.description,
    ]),
  )
  return byCode.get(code)
}
