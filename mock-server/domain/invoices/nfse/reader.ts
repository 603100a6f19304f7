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
  name: string | null
  email: string | null
  street: string | null
  number: string | null
  complement: string | null
  neighborhood: string | null
  municipalityCode: string | null
  zipCode: string | null
}

const person = (text: (path: string) => string | null, at: string): PersonFacts => ({
  document: text(`${at}/n:CNPJ`) ?? text(`${at}/n:CPF`),
  name: text(`${at}/n:xNome`),
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
  opSimpNac: string
  regApTribSN: string | null
  taker: PersonFacts | null
  servicePlace: string | null
  taxationCode: string
  serviceDescription: string
  serviceValue: string
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
    opSimpNac: required('n:prest/n:regTrib/n:opSimpNac'),
    regApTribSN: text(`${inf}/n:prest/n:regTrib/n:regApTribSN`),
    taker: text(`${inf}/n:toma`) === null ? null : person(text, `${inf}/n:toma`),
    servicePlace: text(`${inf}/n:serv/n:locPrest/n:cLocPrestacao`),
    taxationCode: required('n:serv/n:cServ/n:cTribNac'),
    serviceDescription: required('n:serv/n:cServ/n:xDescServ'),
    serviceValue: required('n:valores/n:vServPrest/n:vServ'),
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
        base: text(`${inf}/n:valores/n:vBC`),
        rate: text(`${inf}/n:valores/n:pAliqAplic`),
        iss: text(`${inf}/n:valores/n:vISSQN`),
        totalWithheld: text(`${inf}/n:valores/n:vTotalRet`),
        net: required('n:valores/n:vLiq'),
      },
      netValue: required('n:valores/n:vLiq'),
      dps: dpsFacts(text, `${inf}/n:DPS`),
    }
  })
}

/** The fields of a cancellation request (pedRegEvento). */
export type CancellationFacts = {
  id: string
  environment: string
  authorCnpj: string | null
  accessKey: string
  code: string | null
  reason: string | null
}

export const readCancellationRequest = (xml: string): CancellationFacts =>
  read(xml, (text) => {
    const inf = '/n:pedRegEvento/n:infPedReg'
    return {
      id: text(`${inf}/@Id`) ?? '',
      environment: text(`${inf}/n:tpAmb`) ?? '',
      authorCnpj: text(`${inf}/n:CNPJAutor`),
      accessKey: text(`${inf}/n:chNFSe`) ?? '',
      code: text(`${inf}/n:e101101/n:cMotivo`),
      reason: text(`${inf}/n:e101101/n:xMotivo`),
    }
  })
