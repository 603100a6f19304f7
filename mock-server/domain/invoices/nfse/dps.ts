import type { Address } from '../../../../src/schemas/address'
import type { Company } from '../../../../src/schemas/company'
import { digitsOnly } from '../../../../src/schemas/brazil'
import { issTaxationCodes, type NfsRequest } from '../../../../src/schemas/invoice'
import { dpsId } from '../../../formats/nfse/access-key'
import {
  APP_VERSION,
  brazilDateTime,
  decimal2,
  element,
  ENVIRONMENT,
  leaf,
  LAYOUT_VERSION,
  NFSE_NAMESPACE,
  XML_DECLARATION,
} from '../../../formats/nfse/xml'

// The DPS (declaração de prestação de serviço) of a request, layout 1.01 of the national NFS-e
// (DPS_v1.01.xsd, type TCDPS): pure — from the request, its provider, the série and number and
// the moment of issue — so that tests build every request's DPS. It is validated against the
// official XSD and signed in the NFS-e worker (worker.ts) before it is sent.

/** The provider's tax regime in the DPS (`prest/regTrib`, TCRegTrib). */
export type ProviderRegime = {
  /** `opSimpNac`: 1 not in the Simples Nacional, 2 MEI, 3 ME/EPP in the Simples Nacional. */
  opSimpNac: '1' | '2' | '3'
  /**
   * `regApTribSN`, only for opSimpNac 3: 1 — federal and municipal taxes paid through the Simples
   * Nacional (the DAS), the regime of a small company's services; 2 — the ISS outside it (RBT12
   * above the sublimit; domain/invoices/dps-rules.ts).
   */
  regApTribSN: '1' | '2' | null
}

/**
 * `regTrib` of a company by its size (TCRegTrib; docs/tax-rules.md "NFS-e"): a MEI is opSimpNac 2;
 * a ME or an EPP, which the product keeps in the Simples Nacional, is 3 with regApTribSN 1; any
 * other company (or one whose size is not known) is 1, not in the Simples.
 */
export function providerRegimeOf(size: Company['size']): ProviderRegime {
  if (size === 'MEI') return { opSimpNac: '2', regApTribSN: null }
  if (size === 'ME' || size === 'EPP') return { opSimpNac: '3', regApTribSN: '1' }
  return { opSimpNac: '1', regApTribSN: null }
}

/** `tpRetISSQN` (TSTipoRetISSQN): 1 not withheld, 2 withheld by the taker. */
export const issRetentionOf = (issWithheld: boolean): '1' | '2' => (issWithheld ? '2' : '1')

/** The request's fields the DPS carries. */
export type DpsRequest = Pick<
  NfsRequest,
  | 'cnpj'
  | 'date'
  | 'taxationCode'
  | 'municipalityCode'
  | 'serviceDescription'
  | 'totalValue'
  | 'issWithheld'
  | 'issTaxation'
  | 'taker'
> & { immunityType?: string | null }

export type DpsInput = {
  request: DpsRequest
  provider: {
    /** `cLocEmi`: the IBGE code of the municipality where the provider is registered. */
    municipalityCode: string
    regime: ProviderRegime
    /**
     * The Simples Nacional's approximate rate (%) for `pTotTribSN` (opSimpNac 3); null when the
     * company's effective rate cannot be told (no annex for its activities).
     */
    simplesRate: number | null
    /** `pAliq` (%): the ISS share of the Simples rate, when the taker withholds the ISS. */
    issRate?: number | null
  }
  /** The taker's municipality (IBGE code) when its address names a known one. */
  takerMunicipalityCode: string | null
  /** `subst`: the NFS-e this DPS replaces (its access key), with the national code and reason. */
  substitution?: { accessKey: string; code: string; reason: string } | null
  series: string
  number: number
  issuedAt: Date
}

/** An e-mail as `TSEmail` takes it (up to 80 characters); a longer one is left out of the DPS. */
const EMAIL_MAX = 80

/** `toma`: the taker (TCInfoPessoa), with its address when its municipality is known. */
function taker(input: DpsInput) {
  const taker = input.request.taker
  if (!taker) return null
  const document =
    taker.document.length === 11 ? leaf('CPF', taker.document) : leaf('CNPJ', taker.document)
  return element(
    'toma',
    {},
    document,
    leaf('xNome', taker.name),
    input.takerMunicipalityCode && address(taker.address, input.takerMunicipalityCode),
    taker.email.length <= EMAIL_MAX ? leaf('email', taker.email) : null,
  )
}

/** `end` (TCEndereco) of a national address. */
function address(value: Address, municipalityCode: string) {
  return element(
    'end',
    {},
    element('endNac', {}, leaf('cMun', municipalityCode), leaf('CEP', digitsOnly(value.zipCode))),
    leaf('xLgr', value.street),
    leaf('nro', value.number),
    value.complement ? leaf('xCpl', value.complement) : null,
    leaf('xBairro', value.neighborhood),
  )
}

/**
 * `totTrib` (TCTribTotal): a Simples Nacional ME/EPP gives the approximate rate of its Simples
 * (`pTotTribSN`, Lei 12.741/2012); otherwise, or without a rate, `indTotTrib` 0 — no estimate
 * (Decreto 8.264/2014), as the layout allows.
 */
function totalTaxes(input: DpsInput) {
  const { regime, simplesRate } = input.provider
  if (regime.opSimpNac === '3' && simplesRate !== null)
    return element('totTrib', {}, leaf('pTotTribSN', decimal2(simplesRate)))
  return element('totTrib', {}, leaf('indTotTrib', '0'))
}

/** The DPS's XML (unsigned) and its `Id`. */
export function buildDps(input: DpsInput): { id: string; xml: string } {
  const { request, provider } = input
  const id = dpsId({
    municipalityCode: provider.municipalityCode,
    document: request.cnpj,
    series: input.series,
    number: input.number,
  })
  const infDps = element(
    'infDPS',
    { Id: id },
    leaf('tpAmb', ENVIRONMENT),
    leaf('dhEmi', brazilDateTime(input.issuedAt)),
    leaf('verAplic', APP_VERSION),
    leaf('serie', input.series),
    leaf('nDPS', input.number),
    leaf('dCompet', request.date),
    // 1: the provider issues it.
    leaf('tpEmit', '1'),
    leaf('cLocEmi', provider.municipalityCode),
    input.substitution
      ? element(
          'subst',
          {},
          leaf('chSubstda', input.substitution.accessKey),
          leaf('cMotivo', input.substitution.code),
          leaf('xMotivo', input.substitution.reason),
        )
      : null,
    element(
      'prest',
      {},
      leaf('CNPJ', request.cnpj),
      element(
        'regTrib',
        {},
        leaf('opSimpNac', provider.regime.opSimpNac),
        leaf('regApTribSN', provider.regime.regApTribSN),
        // 0: no special regime.
        leaf('regEspTrib', '0'),
      ),
    ),
    taker(input),
    element(
      'serv',
      {},
      element('locPrest', {}, leaf('cLocPrestacao', request.municipalityCode)),
      element(
        'cServ',
        {},
        leaf('cTribNac', request.taxationCode),
        leaf('xDescServ', request.serviceDescription),
      ),
    ),
    element(
      'valores',
      {},
      element('vServPrest', {}, leaf('vServ', decimal2(request.totalValue))),
      element(
        'trib',
        {},
        element(
          'tribMun',
          {},
          leaf('tribISSQN', issTaxationCodes[request.issTaxation]),
          request.issTaxation === 'immune' ? leaf('tpImunidade', request.immunityType) : null,
          leaf('tpRetISSQN', issRetentionOf(request.issWithheld)),
          provider.issRate != null ? leaf('pAliq', decimal2(provider.issRate)) : null,
        ),
        totalTaxes(input),
      ),
    ),
  )
  const xml =
    XML_DECLARATION + element('DPS', { xmlns: NFSE_NAMESPACE, versao: LAYOUT_VERSION }, infDps)
  return { id, xml }
}
