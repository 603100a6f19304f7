import { XmlDocument } from 'libxml2-wasm'
import { NFSE_NAMESPACE } from './xml'

// Reading the fields of the national documents (already validated against their schema) with
// libxml2's XPath: what the Sefin Nacional stand-in checks in a DPS or a cancellation request,
// and what the product and the DANFSe read from an NFS-e.

const ns = { n: NFSE_NAMESPACE }

/** A reader of one document: the text of each path (below the root), or null. */
function readerOf(xml: string) {
  const doc = XmlDocument.fromString(xml)
  return {
    text(path: string): string | null {
      const node = doc.get(path, ns)
      return node ? node.content : null
    },
    dispose: () => doc.dispose(),
  }
}

function read<T>(xml: string, pick: (text: (path: string) => string | null) => T): T {
  const reader = readerOf(xml)
  try {
    return pick(reader.text)
  } finally {
    reader.dispose()
  }
}

export type PersonFacts = {
  document: string | null
  /** `IM`: the municipal registration (inscrição municipal). */
  municipalRegistration: string | null
  name: string | null
  phone: string | null
  email: string | null
  street: string | null
  number: string | null
  complement: string | null
  neighborhood: string | null
  municipalityCode: string | null
  zipCode: string | null
}

const person = (text: (path: string) => string | null, at: string): PersonFacts => ({
  document: text(`${at}/n:CNPJ`) ?? text(`${at}/n:CPF`) ?? text(`${at}/n:NIF`),
  municipalRegistration: text(`${at}/n:IM`),
  name: text(`${at}/n:xNome`),
  phone: text(`${at}/n:fone`),
  email: text(`${at}/n:email`),
  street: text(`${at}/n:end/n:xLgr`),
  number: text(`${at}/n:end/n:nro`),
  complement: text(`${at}/n:end/n:xCpl`),
  neighborhood: text(`${at}/n:end/n:xBairro`),
  municipalityCode: text(`${at}/n:end/n:endNac/n:cMun`),
  zipCode: text(`${at}/n:end/n:endNac/n:CEP`),
})

/** The DPS's fields, wherever the DPS is (on its own, or inside an NFS-e). */
export type DpsFacts = {
  id: string
  environment: string
  issuedAt: string
  series: string
  number: string
  competence: string
  issuingMunicipality: string
  providerCnpj: string | null
  providerPhone: string | null
  /** `prest/IM`: the provider's municipal registration. */
  providerMunicipalRegistration: string | null
  /** `tpEmit`: 1 the provider, 2 the taker, 3 the intermediary issued the DPS. */
  issuerType: string
  opSimpNac: string
  regApTribSN: string | null
  /** `regEspTrib`: the special ISS regime (0: none). */
  specialRegime: string | null
  taker: PersonFacts | null
  intermediary: PersonFacts | null
  /** `IBSCBS/dest`: the recipient of the operation, when it is not the taker. */
  recipient: PersonFacts | null
  servicePlace: string | null
  /** `cPaisPrestacao`: the country of a service rendered abroad. */
  servicePlaceCountry: string | null
  taxationCode: string
  municipalTaxationCode: string | null
  nbsCode: string | null
  serviceDescription: string
  /** `infoCompl/xInfComp`: the provider's complementary information. */
  complementaryInfo: string | null
  serviceValue: string
  /** `vDescCondIncond`: the unconditional and conditional discounts. */
  discounts: { unconditional: string | null; conditional: string | null }
  /** `vDedRed/vDR`: the deductions from the ISS base. */
  deductions: string | null
  /** `cPaisResult`: the country where an exported service's result is. */
  resultCountry: string | null
  /** `exigSusp`: the ISS's suspended collection (type, process number). */
  suspension: { type: string; process: string | null } | null
  /** `BM/nBM`: the municipal benefit's number. */
  municipalBenefit: string | null
  /** `tribFed`: the federal withholdings and the PIS/COFINS of the provider's own calculation. */
  federal: {
    irrf: string | null
    socialSecurity: string | null
    csll: string | null
    pis: string | null
    cofins: string | null
    pisCofinsRetention: string | null
  }
  /** `totTrib`: the approximate taxes (Lei 12.741/2012) in reais or in percent, per sphere. */
  approximateTaxes: {
    amounts: { federal: string; state: string; municipal: string } | null
    rates: { federal: string; state: string; municipal: string } | null
  }
  /** `IBSCBS/finNFSe`: the purpose of the NFS-e (0: regular), when it carries the IBS/CBS group. */
  purpose: string | null
  issTaxation: string
  issRetention: string
  /** `pAliq`: the ISS rate the provider declared (a Simples ME/EPP whose ISS is withheld). */
  issRate: string | null
  /** `tpImunidade` of an immune service. */
  immunityType: string | null
  simplesRate: string | null
  /** `indTotTrib` (0: no estimate). */
  totalTaxesIndicator: string | null
  /** `subst`: the NFS-e this DPS replaces. */
  substitution: { accessKey: string; code: string; reason: string | null } | null
}

function dpsFacts(text: (path: string) => string | null, at: string): DpsFacts {
  const inf = `${at}/n:infDPS`
  const required = (path: string) => text(`${inf}/${path}`) ?? ''
  return {
    id: text(`${inf}/@Id`) ?? '',
    environment: required('n:tpAmb'),
    issuedAt: required('n:dhEmi'),
    series: required('n:serie'),
    number: required('n:nDPS'),
    competence: required('n:dCompet'),
    issuingMunicipality: required('n:cLocEmi'),
    providerCnpj: text(`${inf}/n:prest/n:CNPJ`),
    providerPhone: text(`${inf}/n:prest/n:fone`),
    providerMunicipalRegistration: text(`${inf}/n:prest/n:IM`),
    issuerType: required('n:tpEmit'),
    opSimpNac: required('n:prest/n:regTrib/n:opSimpNac'),
    regApTribSN: text(`${inf}/n:prest/n:regTrib/n:regApTribSN`),
    specialRegime: text(`${inf}/n:prest/n:regTrib/n:regEspTrib`),
    taker: text(`${inf}/n:toma`) === null ? null : person(text, `${inf}/n:toma`),
    intermediary: text(`${inf}/n:interm`) === null ? null : person(text, `${inf}/n:interm`),
    recipient:
      text(`${inf}/n:IBSCBS/n:dest`) === null ? null : person(text, `${inf}/n:IBSCBS/n:dest`),
    servicePlace: text(`${inf}/n:serv/n:locPrest/n:cLocPrestacao`),
    servicePlaceCountry: text(`${inf}/n:serv/n:locPrest/n:cPaisPrestacao`),
    taxationCode: required('n:serv/n:cServ/n:cTribNac'),
    municipalTaxationCode: text(`${inf}/n:serv/n:cServ/n:cTribMun`),
    nbsCode: text(`${inf}/n:serv/n:cServ/n:cNBS`),
    serviceDescription: required('n:serv/n:cServ/n:xDescServ'),
    complementaryInfo: text(`${inf}/n:serv/n:infoCompl/n:xInfComp`),
    serviceValue: required('n:valores/n:vServPrest/n:vServ'),
    discounts: {
      unconditional: text(`${inf}/n:valores/n:vDescCondIncond/n:vDescIncond`),
      conditional: text(`${inf}/n:valores/n:vDescCondIncond/n:vDescCond`),
    },
    deductions: text(`${inf}/n:valores/n:vDedRed/n:vDR`),
    resultCountry: text(`${inf}/n:valores/n:trib/n:tribMun/n:cPaisResult`),
    suspension:
      text(`${inf}/n:valores/n:trib/n:tribMun/n:exigSusp`) === null
        ? null
        : {
            type: required('n:valores/n:trib/n:tribMun/n:exigSusp/n:tpSusp'),
            process: text(`${inf}/n:valores/n:trib/n:tribMun/n:exigSusp/n:nProcesso`),
          },
    municipalBenefit: text(`${inf}/n:valores/n:trib/n:tribMun/n:BM/n:nBM`),
    federal: {
      irrf: text(`${inf}/n:valores/n:trib/n:tribFed/n:vRetIRRF`),
      socialSecurity: text(`${inf}/n:valores/n:trib/n:tribFed/n:vRetCP`),
      csll: text(`${inf}/n:valores/n:trib/n:tribFed/n:vRetCSLL`),
      pis: text(`${inf}/n:valores/n:trib/n:tribFed/n:piscofins/n:vPis`),
      cofins: text(`${inf}/n:valores/n:trib/n:tribFed/n:piscofins/n:vCofins`),
      pisCofinsRetention: text(`${inf}/n:valores/n:trib/n:tribFed/n:piscofins/n:tpRetPisCofins`),
    },
    approximateTaxes: {
      amounts:
        text(`${inf}/n:valores/n:trib/n:totTrib/n:vTotTrib`) === null
          ? null
          : {
              federal: required('n:valores/n:trib/n:totTrib/n:vTotTrib/n:vTotTribFed'),
              state: required('n:valores/n:trib/n:totTrib/n:vTotTrib/n:vTotTribEst'),
              municipal: required('n:valores/n:trib/n:totTrib/n:vTotTrib/n:vTotTribMun'),
            },
      rates:
        text(`${inf}/n:valores/n:trib/n:totTrib/n:pTotTrib`) === null
          ? null
          : {
              federal: required('n:valores/n:trib/n:totTrib/n:pTotTrib/n:pTotTribFed'),
              state: required('n:valores/n:trib/n:totTrib/n:pTotTrib/n:pTotTribEst'),
              municipal: required('n:valores/n:trib/n:totTrib/n:pTotTrib/n:pTotTribMun'),
            },
    },
    purpose: text(`${inf}/n:IBSCBS/n:finNFSe`),
    issTaxation: required('n:valores/n:trib/n:tribMun/n:tribISSQN'),
    issRetention: required('n:valores/n:trib/n:tribMun/n:tpRetISSQN'),
    issRate: text(`${inf}/n:valores/n:trib/n:tribMun/n:pAliq`),
    immunityType: text(`${inf}/n:valores/n:trib/n:tribMun/n:tpImunidade`),
    simplesRate: text(`${inf}/n:valores/n:trib/n:totTrib/n:pTotTribSN`),
    totalTaxesIndicator: text(`${inf}/n:valores/n:trib/n:totTrib/n:indTotTrib`),
    substitution:
      text(`${inf}/n:subst/n:chSubstda`) === null
        ? null
        : {
            accessKey: required('n:subst/n:chSubstda'),
            code: required('n:subst/n:cMotivo'),
            reason: text(`${inf}/n:subst/n:xMotivo`),
          },
  }
}

/** The fields of a DPS document. */
export const readDps = (xml: string): DpsFacts => read(xml, (text) => dpsFacts(text, '/n:DPS'))

/** One sphere of the IBS/CBS (`IBSCBS/valores/uf|mun|fed` and its total in `totCIBS`). */
export type IbsCbsSphere = {
  /** `pIBSUF` / `pIBSMun` / `pCBS`. */
  rate: string
  /** `pRedAliqUF` / `pRedAliqMun` / `pRedAliqCBS`: the rate's reduction, when there is one. */
  reduction: string | null
  /** `pAliqEfetUF` / `pAliqEfetMun` / `pAliqEfetCBS`. */
  effectiveRate: string
  /** `vIBSUF` / `vIBSMun` / `vCBS`. */
  amount: string
}

/**
 * The IBS/CBS of an NFS-e that carries them (layout 1.01 of 27/07/2026): the DPS's operation
 * indicator and tax situation (`IBSCBS/cIndOp`, `valores/trib/gIBSCBS/CST` and `cClassTrib`) and
 * what the system computed (the NFS-e's `IBSCBS`, TCRTCIBSCBS).
 */
export type IbsCbsFacts = {
  operationIndicator: string
  situation: string
  classification: string
  /** `cLocalidadeIncid`/`xLocalidadeIncid`: where the IBS is due. */
  incidenceMunicipality: string
  incidenceMunicipalityName: string
  /** `vBC`: the base after exclusions and reductions; `vCalcReeRepRes`: refunds excluded. */
  base: string
  refunds: string | null
  state: IbsCbsSphere
  municipal: IbsCbsSphere
  /** `gIBS/vIBSTot`. */
  ibsTotal: string
  cbs: IbsCbsSphere
  /** `vTotNF`: the NFS-e's net value plus the IBS/CBS. */
  totalWithIbsCbs: string
}

function ibsCbsFacts(text: (path: string) => string | null, inf: string): IbsCbsFacts | null {
  const at = `${inf}/n:IBSCBS`
  if (text(`${at}/n:cLocalidadeIncid`) === null) return null
  const required = (path: string) => text(`${at}/${path}`) ?? ''
  const dps = `${inf}/n:DPS/n:infDPS/n:IBSCBS`
  const sphere = (
    group: string,
    rate: string,
    reduction: string,
    effective: string,
    amount: string,
  ) => ({
    rate: required(`n:valores/n:${group}/n:${rate}`),
    reduction: text(`${at}/n:valores/n:${group}/n:${reduction}`),
    effectiveRate: required(`n:valores/n:${group}/n:${effective}`),
    amount: required(`n:totCIBS/${amount}`),
  })
  return {
    operationIndicator: text(`${dps}/n:cIndOp`) ?? '',
    situation: text(`${dps}/n:valores/n:trib/n:gIBSCBS/n:CST`) ?? '',
    classification: text(`${dps}/n:valores/n:trib/n:gIBSCBS/n:cClassTrib`) ?? '',
    incidenceMunicipality: required('n:cLocalidadeIncid'),
    incidenceMunicipalityName: required('n:xLocalidadeIncid'),
    base: required('n:valores/n:vBC'),
    refunds: text(`${at}/n:valores/n:vCalcReeRepRes`),
    state: sphere('uf', 'pIBSUF', 'pRedAliqUF', 'pAliqEfetUF', 'n:gIBS/n:gIBSUFTot/n:vIBSUF'),
    municipal: sphere(
      'mun',
      'pIBSMun',
      'pRedAliqMun',
      'pAliqEfetMun',
      'n:gIBS/n:gIBSMunTot/n:vIBSMun',
    ),
    ibsTotal: required('n:totCIBS/n:gIBS/n:vIBSTot'),
    cbs: sphere('fed', 'pCBS', 'pRedAliqCBS', 'pAliqEfetCBS', 'n:gCBS/n:vCBS'),
    totalWithIbsCbs: required('n:totCIBS/n:vTotNF'),
  }
}

/** The fields of an NFS-e: the system's own and its DPS's. */
export type NfseFacts = {
  accessKey: string
  number: string
  /** `cStat`: 100 an NFS-e, 107 an MEI's, 101 a substitute (layout 1.01, TStat). */
  status: string
  /** `ambGer`: 1 a municipality's own system, 2 the Sefin Nacional. */
  generator: string
  processedAt: string
  documentNumber: string
  issuingMunicipality: string
  servicePlace: string
  /** `cLocIncid`/`xLocIncid`: where the ISS is due (absent when it is not computed). */
  incidenceMunicipality: string | null
  incidenceMunicipalityName: string | null
  taxationDescription: string
  /** `xTribMun`: the municipality's description of its own service code. */
  municipalTaxationDescription: string | null
  emitter: {
    cnpj: string
    name: string
    street: string
    number: string
    complement: string | null
    neighborhood: string
    municipalityCode: string
    state: string
    zipCode: string
    phone: string | null
    email: string | null
  }
  /** The values the system computed (`valores`, TCValoresNFSe). */
  values: {
    /** `vCalcDR`: the deductions the system computed; `tpBM`/`vCalcBM`: the municipal benefit. */
    deductions: string | null
    benefitType: string | null
    benefitAmount: string | null
    /** `vBC`, `pAliqAplic`, `vISSQN`: the ISS base, rate and amount, when it computed them. */
    base: string | null
    rate: string | null
    iss: string | null
    /** `vTotalRet`: every withholding. */
    totalWithheld: string | null
    /** `vLiq`: the value less the withholdings. */
    net: string
  }
  /** Same as `values.net`. */
  netValue: string
  /** The IBS/CBS, when the NFS-e carries them. */
  ibsCbs: IbsCbsFacts | null
  dps: DpsFacts
}

export function readNfse(xml: string): NfseFacts {
  return read(xml, (text) => {
    const inf = '/n:NFSe/n:infNFSe'
    const required = (path: string) => text(`${inf}/${path}`) ?? ''
    const emit = (path: string) => required(`n:emit/${path}`)
    return {
      accessKey: (text(`${inf}/@Id`) ?? '').replace(/^NFS/, ''),
      number: required('n:nNFSe'),
      status: required('n:cStat'),
      generator: required('n:ambGer'),
      processedAt: required('n:dhProc'),
      documentNumber: required('n:nDFSe'),
      issuingMunicipality: required('n:xLocEmi'),
      servicePlace: required('n:xLocPrestacao'),
      incidenceMunicipality: text(`${inf}/n:cLocIncid`),
      incidenceMunicipalityName: text(`${inf}/n:xLocIncid`),
      taxationDescription: required('n:xTribNac'),
      municipalTaxationDescription: text(`${inf}/n:xTribMun`),
      emitter: {
        cnpj: emit('n:CNPJ'),
        name: emit('n:xNome'),
        street: emit('n:enderNac/n:xLgr'),
        number: emit('n:enderNac/n:nro'),
        complement: text(`${inf}/n:emit/n:enderNac/n:xCpl`),
        neighborhood: emit('n:enderNac/n:xBairro'),
        municipalityCode: emit('n:enderNac/n:cMun'),
        state: emit('n:enderNac/n:UF'),
        zipCode: emit('n:enderNac/n:CEP'),
        phone: text(`${inf}/n:emit/n:fone`),
        email: text(`${inf}/n:emit/n:email`),
      },
      values: {
        deductions: text(`${inf}/n:valores/n:vCalcDR`),
        benefitType: text(`${inf}/n:valores/n:tpBM`),
        benefitAmount: text(`${inf}/n:valores/n:vCalcBM`),
        base: text(`${inf}/n:valores/n:vBC`),
        rate: text(`${inf}/n:valores/n:pAliqAplic`),
        iss: text(`${inf}/n:valores/n:vISSQN`),
        totalWithheld: text(`${inf}/n:valores/n:vTotalRet`),
        net: required('n:valores/n:vLiq'),
      },
      netValue: required('n:valores/n:vLiq'),
      ibsCbs: ibsCbsFacts(text, inf),
      dps: dpsFacts(text, `${inf}/n:DPS`),
    }
  })
}

/** The fields of an event request (pedRegEvento): a cancellation, an analysis or its answer. */
export type CancellationFacts = {
  id: string
  environment: string
  authorCnpj: string | null
  accessKey: string
  /** The event's type: the 6 digits of its group (`e101101` → "101101"). */
  type: string | null
  code: string | null
  reason: string | null
}

/** The event groups read (documents.ts builds them). */
const EVENT_GROUPS = ['101101', '101103', '105104', '105105'] as const

/** Reads a `pedRegEvento`, alone or as the registered `evento` embeds it. */
export const readCancellationRequest = (xml: string): CancellationFacts =>
  read(xml, (text) => {
    const inf = text('/n:evento/n:infEvento/n:pedRegEvento/n:infPedReg/@Id')
      ? '/n:evento/n:infEvento/n:pedRegEvento/n:infPedReg'
      : '/n:pedRegEvento/n:infPedReg'
    const type = EVENT_GROUPS.find((code) => text(`${inf}/n:e${code}/n:xDesc`) !== null) ?? null
    return {
      id: text(`${inf}/@Id`) ?? '',
      environment: text(`${inf}/n:tpAmb`) ?? '',
      authorCnpj: text(`${inf}/n:CNPJAutor`),
      accessKey: text(`${inf}/n:chNFSe`) ?? '',
      type,
      code: type ? text(`${inf}/n:e${type}/n:cMotivo`) : null,
      reason: type ? text(`${inf}/n:e${type}/n:xMotivo`) : null,
    }
  })

/** The fields of an event the Sefin registered (`evento`, evento_v1.01.xsd). */
export type EventFacts = {
  /** `EVT` + key + type + sequence (documents.ts `buildEvent`). */
  id: string
  sequence: string | null
  processedAt: string | null
  /** The request it registered: the author's `pedRegEvento`. */
  request: CancellationFacts
}

/** Reads a registered `evento` (validated against its schema first). */
export const readEvent = (xml: string): EventFacts => {
  const header = read(xml, (text) => ({
    id: text('/n:evento/n:infEvento/@Id') ?? '',
    sequence: text('/n:evento/n:infEvento/n:nSeqEvento'),
    processedAt: text('/n:evento/n:infEvento/n:dhProc'),
  }))
  return { ...header, request: readCancellationRequest(xml) }
}
