import { todayInBrazil } from '../../../src/kernel/dates'
import { dpsId } from '../../formats/nfse/access-key'
import type { DpsFacts } from '../../formats/nfse/reader'
import { NFSE_CHANGE_DEADLINE_DAYS, substitutionPastDeadline } from '../../../src/schemas/nfse'
import type { SefinError } from './contract'
import { ibgeCodeOf } from '../../formats/nfse/places'
import { nationalServiceDescription } from '../../reference/national-services'
import { cityDirectory } from '../../reference/cities'
import type { Store } from '../../store/database'
import { refusal } from './anexo'

// The national rules the stand-in checks in a DPS beyond its schema and signature, each with its
// Anexo I code (fixtures/nfse-real/anexo/anexo-i-v1.01-codes.csv), and what it computes of an
// accepted one (TCValoresNFSe).

/** `tpAmb` of the stand-in: 2, homologation (produção restrita). */
export const STAND_IN_ENVIRONMENT = 2

/**
 * A few municipalities outside the national agreement (no convênio with the Sefin Nacional): a
 * provider there issues in its city's own system. Real examples of 2026 capitals that kept their
 * own systems; the stand-in refuses them as the real one does (E0037).
 */
export const OUTSIDE_AGREEMENT: ReadonlyMap<string, string> = new Map([
  ['2211001', 'Teresina/PI'],
  ['1302603', 'Manaus/AM'],
])

const isMunicipality = (code: string | null) =>
  code !== null && cityDirectory().all.some((city) => city.ibgeCode === code)

/** The city name alone, as `xLocEmi` and `xLocPrestacao` say it ("Rio de Janeiro"). */
export const cityName = (code: string) =>
  cityDirectory().all.find((city) => city.ibgeCode === code)?.name ?? code

export function dpsProblems(store: Store, dps: DpsFacts, now: Date): SefinError[] {
  const errors: SefinError[] = []
  if (dps.environment !== String(STAND_IN_ENVIRONMENT)) errors.push(refusal('E0006'))
  if (OUTSIDE_AGREEMENT.has(dps.issuingMunicipality))
    errors.push(
      refusal(
        'E0037',
        `${OUTSIDE_AGREEMENT.get(dps.issuingMunicipality)} emite NFS-e em sistema próprio.`,
      ),
    )
  if (
    dps.providerCnpj &&
    dps.id !==
      dpsId({
        municipalityCode: dps.issuingMunicipality,
        document: dps.providerCnpj,
        series: dps.series,
        number: Number(dps.number),
      })
  )
    errors.push(refusal('E1235', 'O Id da DPS difere de cLocEmi + CNPJ + série + número.'))
  const provider = dps.providerCnpj
    ? store.companies.first({ where: { cnpj: dps.providerCnpj } })
    : undefined
  if (!provider?.address || ibgeCodeOf(provider.address) !== dps.issuingMunicipality)
    errors.push(refusal('E0084'))
  // The Simples Nacional situation on the CNC (the company's size) against the DPS.
  const size = provider?.size ?? null
  const simples = size === 'MEI' ? '2' : size === 'ME' || size === 'EPP' ? '3' : '1'
  if (dps.regApTribSN && dps.opSimpNac !== '3') errors.push(refusal('E0162'))
  if (!dps.regApTribSN && dps.opSimpNac === '3') errors.push(refusal('E0166'))
  if (simples === '3' && dps.totalTaxesIndicator !== null) errors.push(refusal('E0712'))
  if (simples === '1' && (dps.totalTaxesIndicator !== null || dps.simplesRate !== null))
    errors.push(refusal('E0713'))
  if (simples !== dps.opSimpNac)
    errors.push(
      refusal(
        'E0713',
        `Situação no Simples Nacional do emitente: ${simples}; na DPS: ${dps.opSimpNac}.`,
      ),
    )
  // pAliq of a Simples ME/EPP paying its ISS in the DAS: due when withheld, refused otherwise.
  if (dps.opSimpNac === '3' && dps.regApTribSN === '1' && dps.issTaxation === '1') {
    if (dps.issRetention !== '1' && dps.issRate === null) errors.push(refusal('E0621'))
    if (dps.issRetention === '1' && dps.issRate !== null) errors.push(refusal('E0625'))
  }
  // The taker's national address: a CNPJ taker, or ISS withheld by the taker.
  const taker = dps.taker
  const takerAddress = Boolean(taker?.municipalityCode && taker.street)
  if (taker && taker.document?.length === 14 && !takerAddress) errors.push(refusal('E0235'))
  if (dps.issRetention === '2' && !takerAddress) errors.push(refusal('E0237'))
  if ((dps.issTaxation === '2') !== (dps.immunityType !== null)) errors.push(refusal('E0592'))
  if (dps.issTaxation === '3') errors.push(refusal('E0318'))
  if (!nationalServiceDescription(dps.taxationCode)) errors.push(refusal('E0310'))
  if (!isMunicipality(dps.servicePlace)) errors.push(refusal('E0302'))
  const issued = Date.parse(dps.issuedAt)
  // A DPS is issued before it is sent (five minutes for the clocks of both sides).
  if (!(issued <= now.getTime() + 5 * 60_000))
    errors.push(refusal('E1235', 'A data de emissão (dhEmi) é posterior ao processamento.'))
  else if (dps.competence > todayInBrazil(new Date(issued)))
    errors.push(refusal('E1235', 'A competência (dCompet) é posterior à emissão.'))
  if (store.sefinNfse.exists({ dpsId: dps.id })) errors.push(refusal('E0014'))
  return errors
}

/**
 * The `subst` group of a DPS against the registry (Anexo I, RN_DPS_NFS-e 167–171): the NFS-e
 * replaced exists and is the same provider's (E0042), is not cancelled or already replaced
 * (E0046), and is inside the deadline unless the reason is leaving or entering the Simples
 * Nacional, codes 01 and 02 (E0050).
 */
export function substitutionProblems(store: Store, dps: DpsFacts, now: Date): SefinError[] {
  const substitution = dps.substitution
  if (!substitution) return []
  const target = store.sefinNfse.get(substitution.accessKey)
  if (!target || target.providerCnpj !== dps.providerCnpj) return [refusal('E0042')]
  if (target.status !== 'active') return [refusal('E0046')]
  if (substitutionPastDeadline(target.processedAt, substitution.code, now))
    return [refusal('E0050', `Prazo de ${NFSE_CHANGE_DEADLINE_DAYS} dias da emissão.`)]
  return []
}

const cents = (value: number) => Math.round(value * 100)

/**
 * What the Sefin computes of a DPS (TCValoresNFSe): the ISS when the DPS gives its rate (a
 * Simples ME/EPP whose ISS is withheld declares `pAliq`) — base, rate, amount —, the total
 * withheld (that ISS when the taker withholds it) and the net value, the service's less it.
 */
export function nationalValues(dps: DpsFacts) {
  const service = cents(Number(dps.serviceValue))
  const rate = dps.issRate === null ? null : Number(dps.issRate)
  const iss =
    rate === null || dps.issTaxation !== '1'
      ? null
      : { base: service / 100, rate, amount: Math.round((service * rate) / 100) / 100 }
  const withheld = iss && dps.issRetention !== '1' ? cents(iss.amount) : 0
  return { iss, totalWithheld: withheld / 100, net: (service - withheld) / 100 }
}

/** Where the ISS is due: the service's place when the taker withholds it, else the provider's. */
export function incidenceOf(dps: DpsFacts): { code: string; name: string } | null {
  if (dps.issTaxation !== '1') return null
  const code =
    dps.issRetention === '2' && dps.servicePlace ? dps.servicePlace : dps.issuingMunicipality
  return { code, name: cityName(code) }
}
