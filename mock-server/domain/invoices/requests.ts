import { randomUUID } from 'node:crypto'
import type { Company } from '../../../src/schemas/company'
import { invoiceMessages, nationalFieldsUnset, type NfsRequest } from '../../../src/schemas/invoice'
import { cityDirectory } from '../../reference/cities'
import { conflict, invalid } from '../errors'

let municipalities: Map<string, string> | undefined
/**
 * A DPS names its municipality by IBGE code: it must be one of the 5,571. Answers its name as
 * people read it ("São Paulo/SP").
 */
export function municipalityName(code: string): string {
  municipalities ??= new Map(
    cityDirectory().all.map((city) => [city.ibgeCode, `${city.name}/${city.state}`]),
  )
  const name = municipalities.get(code)
  if (!name)
    throw invalid(invoiceMessages.municipalityUnknown, [
      { path: ['municipalityCode'], message: invoiceMessages.municipalityUnknown },
    ])
  return name
}

export const issuerMessages = {
  disabled: 'Empresa desativada: não é possível emitir notas fiscais.',
  noCnpj: 'A empresa ainda não tem CNPJ: conclua a abertura antes de emitir notas.',
} as const

/** A request or schedule is issued in the name of the company: its CNPJ must be the company's. */
export function assertIssuer(company: Company, cnpj: string) {
  if (company.status === 'disabled') throw conflict(issuerMessages.disabled)
  if (!company.cnpj) throw conflict(issuerMessages.noCnpj)
  if (company.cnpj !== cnpj)
    throw invalid('O CNPJ informado não é o da empresa.', [
      { path: ['cnpj'], message: 'O CNPJ informado não é o da empresa.' },
    ])
}

/** What a new request is asked for: the issuer, the service, the taker, the competence day. */
export type NfsRequestService = Pick<
  NfsRequest,
  | 'companyId'
  | 'cnpj'
  | 'totalValue'
  | 'serviceDescription'
  | 'serviceCode'
  | 'taxationCode'
  | 'municipalityCode'
  | 'municipalityName'
  | 'issWithheld'
  | 'issTaxation'
  | 'taker'
  | 'date'
> &
  Partial<Pick<NfsRequest, 'immunityType' | 'withholdings'>>

/** Who made it and how: a person, a schedule (`schedulerId`), or a substitution of an NFS-e. */
export interface NfsRequestOrigin {
  by: string
  at: string
  /** A schedule's request has its own id (domain/invoices/schedules.ts scheduledRequestId). */
  id?: string
  schedulerId?: string
  /** The first entry's reason (a substitution says which NFS-e it replaces and why). */
  reason?: string
  substitution?: Pick<NfsRequest, 'substitutes' | 'substitutionCode' | 'substitutionReason'>
}

/** The service fields of a request, to ask for the same service again (a substitute). */
export const serviceOf = (request: NfsRequest): NfsRequestService => ({
  companyId: request.companyId,
  cnpj: request.cnpj,
  totalValue: request.totalValue,
  serviceDescription: request.serviceDescription,
  serviceCode: request.serviceCode,
  taxationCode: request.taxationCode,
  municipalityCode: request.municipalityCode,
  municipalityName: request.municipalityName,
  issWithheld: request.issWithheld,
  issTaxation: request.issTaxation,
  immunityType: request.immunityType ?? null,
  taker: request.taker,
  date: request.date,
  withholdings: request.withholdings ?? null,
})

/**
 * A new invoice request: pending, not issued, no national fields yet, one history entry. The one
 * place a request record is built (the company's request, a schedule's run, a substitute, the
 * seed and the benches' data sets).
 */
export const newNfsRequest = (
  service: NfsRequestService,
  origin: NfsRequestOrigin,
): NfsRequest => ({
  id: origin.id ?? `nfs-${randomUUID()}`,
  companyId: service.companyId,
  cnpj: service.cnpj,
  totalValue: service.totalValue,
  serviceDescription: service.serviceDescription,
  serviceCode: service.serviceCode,
  taxationCode: service.taxationCode,
  municipalityCode: service.municipalityCode,
  municipalityName: service.municipalityName,
  issWithheld: service.issWithheld,
  issTaxation: service.issTaxation,
  immunityType: service.immunityType ?? null,
  // A plain copy: the caller's taker may be a tracked view of the store.
  taker: service.taker ? (JSON.parse(JSON.stringify(service.taker)) as NfsRequest['taker']) : null,
  date: service.date,
  status: 'pending',
  number: null,
  issuedAt: null,
  rejectionReason: null,
  ...nationalFieldsUnset,
  ...origin.substitution,
  issuedFiles: null,
  schedulerId: origin.schedulerId ?? null,
  withholdings: service.withholdings ?? null,
  receivedAt: null,
  receivedBy: null,
  statusHistory: [
    {
      from: null,
      to: 'pending',
      at: origin.at,
      by: origin.by,
      ...(origin.reason ? { reason: origin.reason } : {}),
    },
  ],
  createdBy: origin.by,
  createdAt: origin.at,
  updatedAt: origin.at,
})

/**
 * A request the accountant issued by the manual path (pending → processing → issued, the NFS-e
 * numbered by the municipality's system), for the data sets that start with past invoices
 * (scripts/bench-*.ts).
 */
export function issuedNfsRequest(
  service: NfsRequestService,
  origin: NfsRequestOrigin,
  issue: { number: number; at: string; by: string },
): NfsRequest {
  const request = newNfsRequest(service, origin)
  return {
    ...request,
    status: 'issued',
    number: issue.number,
    issuedAt: issue.at,
    updatedAt: issue.at,
    statusHistory: [
      ...request.statusHistory,
      { from: 'pending', to: 'processing', at: issue.at, by: issue.by },
      { from: 'processing', to: 'issued', at: issue.at, by: issue.by },
    ],
  }
}
