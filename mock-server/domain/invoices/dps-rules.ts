import type { Company } from '../../../src/schemas/company'
import type { IssTaxation, NfsRequest } from '../../../src/schemas/invoice'
import { isValidCnpj } from '@brazilian-utils/brazilian-utils'

// The rules the Sefin Nacional checks in a DPS that the product can tell before sending it, each
// with its Anexo I code (fixtures/nfse-real/anexo/anexo-i-v1.01-codes.csv): what the DPS declares
// of the provider's regime (`opSimpNac`, `regApTribSN`), of its Simples rate (`pTotTribSN`) and of
// the ISS the taker withholds (`pAliq`), and what the taker and the service need. A rule the
// product cannot meet refuses the DPS with a pt-BR reason — never a false fallback (declaring a
// Simples company "não optante", an unknown rate as "no estimate", a taker without its address).
// Pure: the facts come from the company and its month (nfse/issuance.ts).

export type DpsRegimeFacts = {
  size: Company['size']
  /** The month's Simples calculation: its approximate rate (%) and ISS share (%), or null. */
  simplesRate: number | null
  issShareRate: number | null
  /** RBT12 above the ISS/ICMS sublimit (R$ 3,6 mi): the ISS leaves the DAS. */
  aboveSublimit: boolean
}

export type DpsRequestFacts = Pick<NfsRequest, 'issWithheld' | 'issTaxation' | 'taker'> & {
  immunityType?: string | null
}

/** What the DPS declares, once every rule is met. */
export type DpsTaxes = {
  opSimpNac: '1' | '2' | '3'
  regApTribSN: '1' | '2' | null
  /** `pAliq` (%), a Simples ME/EPP whose ISS is withheld. */
  issRate: number | null
  /** `pTotTribSN` (%). */
  simplesRate: number | null
}

export type DpsRefusal = { code: string; path: (string | number)[]; message: string }

export const dpsRuleMessages = {
  unknownRegime:
    'O porte da empresa (MEI, ME ou EPP) não está no cadastro: a DPS precisa dizer se ela é optante do Simples Nacional (opSimpNac). Corrija o cadastro da empresa.',
  notSimples:
    'Empresa fora do Simples Nacional: a DPS precisa do total aproximado dos tributos (Lei 12.741/2012) em valores ou percentuais, que este sistema não calcula. Emita pelo Emissor Nacional.',
  noSimplesRate:
    'A alíquota do Simples Nacional do mês não pôde ser calculada (faturamento dos 12 meses ou anexo das atividades): a DPS de uma ME/EPP precisa dela (pTotTribSN). Confira o mês da empresa.',
  noIssShare:
    'O ISS retido pelo tomador precisa da alíquota do ISS no Simples do mês (pAliq), que não pôde ser calculada: confira o mês da empresa.',
  issOutsideDas:
    'Acima do sublimite de R$ 3,6 milhões o ISS é recolhido fora do DAS, pela alíquota do município, que este sistema não conhece: emita esta nota pelo Emissor Nacional.',
  meiWithheld:
    'O MEI não tem ISS retido pelo tomador: o ISS dele é o valor fixo do DAS-MEI. Marque "ISS retido: não".',
  takerAddress: (city: string) =>
    `O município do endereço do tomador (${city}) não foi encontrado entre os 5.571 do IBGE: a DPS de um tomador com CNPJ (ou com ISS retido) precisa do endereço completo. Corrija a cidade e a UF do tomador.`,
  takerCnpj: 'CNPJ do tomador inválido pelos dígitos verificadores.',
  immunity:
    'Para "Imunidade", escolha o tipo de imunidade (tpImunidade): a DPS não é aceita sem ele.',
  export:
    'Exportação de serviço não é emitida por aqui: a DPS precisaria do país do resultado (cPaisResult), do item da NBS e do grupo de comércio exterior. Emita pelo Emissor Nacional.',
} as const

/**
 * The regime part of the DPS (opSimpNac, regApTribSN, pTotTribSN, pAliq), or why it cannot be
 * declared. Codes: E0713 (regime), E0166/E0162 (regApTribSN), E0712 (pTotTribSN), E0621/E0628
 * (pAliq).
 */
export function dpsTaxes(
  regime: DpsRegimeFacts,
  request: DpsRequestFacts,
): { ok: true; taxes: DpsTaxes } | { ok: false; refusals: DpsRefusal[] } {
  const refusals: DpsRefusal[] = []
  const refuse = (code: string, message: string, path: (string | number)[] = []) =>
    refusals.push({ code, message, path })
  const taxable = request.issTaxation === 'taxable'
  if (regime.size === null) refuse('E0713', dpsRuleMessages.unknownRegime)
  else if (regime.size === 'EMP' || regime.size === 'GE')
    refuse('E0713', dpsRuleMessages.notSimples)
  if (regime.size === 'MEI') {
    if (request.issWithheld) refuse('E0583', dpsRuleMessages.meiWithheld, ['issWithheld'])
    if (refusals.length > 0) return { ok: false, refusals }
    return {
      ok: true,
      taxes: { opSimpNac: '2', regApTribSN: null, issRate: null, simplesRate: null },
    }
  }
  if (regime.size !== 'ME' && regime.size !== 'EPP') return { ok: false, refusals }
  if (regime.simplesRate === null) refuse('E0712', dpsRuleMessages.noSimplesRate)
  const regApTribSN = regime.aboveSublimit ? '2' : '1'
  let issRate: number | null = null
  if (taxable && request.issWithheld) {
    if (regApTribSN === '2') refuse('E0628', dpsRuleMessages.issOutsideDas, ['issWithheld'])
    else if (regime.issShareRate === null)
      refuse('E0621', dpsRuleMessages.noIssShare, ['issWithheld'])
    else issRate = regime.issShareRate
  }
  if (refusals.length > 0) return { ok: false, refusals }
  return {
    ok: true,
    taxes: { opSimpNac: '3', regApTribSN, issRate, simplesRate: regime.simplesRate },
  }
}

/**
 * The taker and the service: a CNPJ taker (and any taker when the ISS is withheld) with its
 * national address (E0235, E0237), an immune service with its type of immunity (E0592), no
 * export (E0318).
 */
export function dpsServiceRefusals(
  request: DpsRequestFacts,
  takerMunicipalityCode: string | null,
): DpsRefusal[] {
  const refusals: DpsRefusal[] = []
  const taker = request.taker
  if (taker) {
    const isCnpj = taker.document.length === 14
    if (isCnpj && !isValidCnpj(taker.document, { version: 2 }))
      refusals.push({
        code: 'E0188',
        path: ['taker', 'document'],
        message: dpsRuleMessages.takerCnpj,
      })
    const city = `${taker.address.city}/${taker.address.state}`
    if (takerMunicipalityCode === null && isCnpj)
      refusals.push({
        code: 'E0235',
        path: ['taker', 'address', 'city'],
        message: dpsRuleMessages.takerAddress(city),
      })
    else if (takerMunicipalityCode === null && request.issWithheld)
      refusals.push({
        code: 'E0237',
        path: ['taker', 'address', 'city'],
        message: dpsRuleMessages.takerAddress(city),
      })
  }
  if (request.issTaxation === 'immune' && !request.immunityType)
    refusals.push({ code: 'E0592', path: ['issTaxation'], message: dpsRuleMessages.immunity })
  if (request.issTaxation === ('export' satisfies IssTaxation))
    refusals.push({ code: 'E0318', path: ['issTaxation'], message: dpsRuleMessages.export })
  return refusals
}

// The deadline itself (NFSE_CHANGE_DEADLINE_DAYS, nfseChangeDeadline, cancellationPastDeadline,
// substitutionPastDeadline) lives in src/schemas/nfse.ts, so the back office offers the analysis
// past it by the same rule; the product (nfse/issuance.ts, before sending) reads it from here, the
// stand-in (stand-ins/sefin-nacional/) from src/schemas/nfse.ts itself.
export {
  cancellationPastDeadline,
  NFSE_CHANGE_DEADLINE_DAYS,
  nfseChangeDeadline,
  substitutionPastDeadline,
} from '../../../src/schemas/nfse'
