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
  opSimpNac: string
  regApTribSN: string | null
  taker: PersonFacts | null
  servicePlace: string | null
  taxationCode: string
  serviceDescription: string
  serviceValue: string
  issTaxation: string
  issRetention: string
  simplesRate: string | null
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
    opSimpNac: required('n:prest/n:regTrib/n:opSimpNac'),
    regApTribSN: text(`${inf}/n:prest/n:regTrib/n:regApTribSN`),
    taker: text(`${inf}/n:toma`) === null ? null : person(text, `${inf}/n:toma`),
    servicePlace: text(`${inf}/n:serv/n:locPrest/n:cLocPrestacao`),
    taxationCode: required('n:serv/n:cServ/n:cTribNac'),
    serviceDescription: required('n:serv/n:cServ/n:xDescServ'),
    serviceValue: required('n:valores/n:vServPrest/n:vServ'),
    issTaxation: required('n:valores/n:trib/n:tribMun/n:tribISSQN'),
    issRetention: required('n:valores/n:trib/n:tribMun/n:tpRetISSQN'),
    simplesRate: text(`${inf}/n:valores/n:trib/n:totTrib/n:pTotTribSN`),
  }
}

/** The fields of a DPS document. */
export const readDps = (xml: string): DpsFacts => read(xml, (text) => dpsFacts(text, '/n:DPS'))

/** The fields of an NFS-e: the system's own and its DPS's. */
export type NfseFacts = {
  accessKey: string
  number: string
  processedAt: string
  documentNumber: string
  issuingMunicipality: string
  servicePlace: string
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
  }
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
      processedAt: required('n:dhProc'),
      documentNumber: required('n:nDFSe'),
      issuingMunicipality: required('n:xLocEmi'),
      servicePlace: required('n:xLocPrestacao'),
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
