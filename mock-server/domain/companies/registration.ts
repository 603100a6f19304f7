import type { Company } from '../../../src/schemas/company'
import type { RegistryRecord } from '../../../src/schemas/registry'
import type { PartnerRegistration, PreRegistration } from '../../../src/schemas/steps'
import type { Track } from '../../../src/schemas/track'
import type { User } from '../../../src/schemas/user'
import { todayInBrazil } from '../../../src/schemas/finance-common'
import type { Store } from '../../store/database'
import { trackOf } from './company-records'
import { ownerOf } from './people'
import type { WritableCnpjRegistry } from './registry'

// What the Receita's CNPJ registry gets when a company we opened is registered (docs/product.md
// §12): the names, address and activities of its pre-registration, the partners of its partner
// registration, the day its opening started and its owner's contact. The registry keeps the
// record it is given (mock-server/stand-ins/receita-cnpj/registry.ts); commands.ts
// `recordCompanyCnpj` registers it once the CNPJ is recorded.

/** Natureza jurídica by company type (Receita's table; an SLU is a limited company, 206-2). */
const legalNatureOf = (type: Company['type'] & string): RegistryRecord['legalNature'] =>
  type === 'on_person'
    ? { code: '213-5', text: 'Empresário (Individual)' }
    : type === 'simple_partnership'
      ? { code: '223-2', text: 'Sociedade Simples Pura' }
      : type === 'sole_law_firm'
        ? { code: '232-1', text: 'Sociedade Unipessoal de Advocacia' }
        : { code: '206-2', text: 'Sociedade Empresária Limitada' }

/** Qualificação of a partner in the registry's partner table (QSA). */
const roleOf = (type: PreRegistration['type'], administrator: boolean) =>
  type === 'on_person'
    ? '50 - Empresário'
    : administrator
      ? '49 - Sócio-Administrador'
      : '22 - Sócio'

/**
 * The registry record of a company we opened, from what it registered (its track) and its owner;
 * null before it has a CNPJ and a done pre-registration, and for a company we did not open.
 */
export function registrationOf(
  company: Company,
  track: Pick<Track, 'steps'>,
  owner: Pick<User, 'email' | 'phone'> | undefined,
): RegistryRecord | null {
  if (company.trackId !== 'create-company' || !company.cnpj) return null
  const payloadOf = <T>(stepId: string) =>
    track.steps.find((step) => step.stepId === stepId && step.status === 'done')?.payload as
      T | undefined
  const registered = payloadOf<PreRegistration>('pre-registration')
  if (!registered) return null
  const partners = payloadOf<PartnerRegistration>('partner-registration')?.partners ?? []
  const started = company.statusHistory.findLast((change) => change.to === 'opening')
  const [mainActivity, ...secondaryActivities] = registered.activities
  return {
    cnpj: company.cnpj,
    legalName: registered.names[0]!,
    tradeName: registered.alias,
    status: 'ATIVA',
    openedOn: todayInBrazil(new Date(started?.at ?? company.updatedAt)),
    legalNature: legalNatureOf(registered.type),
    size: registered.size,
    shareCapital: 0,
    address: registered.address,
    mainActivity: mainActivity!,
    secondaryActivities,
    partners: partners.map((partner) => ({
      name: partner.name,
      role: roleOf(registered.type, partner.administrator),
    })),
    email: owner?.email ?? null,
    phone: owner?.phone ?? null,
  }
}

/** The registry record of a stored company we opened (registrationOf), or null. */
export const registrationIn = (store: Store, company: Company): RegistryRecord | null =>
  company.trackId === 'create-company' && company.cnpj
    ? registrationOf(company, trackOf(store, company.id), ownerOf(store, company))
    : null

/**
 * Registers every company we opened whose CNPJ the registry does not know: the companies of a
 * data folder written before the registry kept its own records (mock-server/app.ts runs it at
 * start). Idempotent: a company registered already is left as it is. How many it registered.
 */
export function registerOpenedCompanies(store: Store, registry: WritableCnpjRegistry): number {
  const cnpjs = store.companies.values('cnpj', { trackId: 'create-company' })
  const unknown = cnpjs.filter(
    (cnpj): cnpj is string => typeof cnpj === 'string' && registry.recordOf(cnpj) === null,
  )
  if (unknown.length === 0) return 0
  return store.write(() => {
    let registered = 0
    for (const cnpj of unknown) {
      const company = store.companies.first({ where: { cnpj, trackId: 'create-company' } })
      const record = company && registrationIn(store, company)
      if (!record) continue
      registry.register(record)
      registered++
    }
    return registered
  })
}
