import type { NfsRequest } from '@/schemas/invoice'

// Who a request of NFS-e comes from, as the back office's request page says it: the client asked
// for it (or their monthly schedule did), except a substitute, which the accountant makes
// (mock-server/domain/invoices/nfse/issuance.ts `substituteRequest` records them as its author).

/** "Origem" of a request. */
export function requestOrigin(request: Pick<NfsRequest, 'schedulerId' | 'substitutes'>) {
  if (request.substitutes !== null) return 'Substituição feita pela contabilidade'
  return request.schedulerId ? 'Agendamento mensal do cliente' : 'Pedido do cliente'
}

/** "Quem" made a change of a request's status: the client who asked for it, or the accountant. */
export function changeAuthor(request: Pick<NfsRequest, 'createdBy' | 'substitutes'>, by: string) {
  return request.substitutes === null && by === request.createdBy ? 'Cliente' : 'Contabilidade'
}
