import { type CompanyStatus } from '@/schemas/company'
import { companyStatusLabels } from '@/schemas/glossary'
import type { StatusMove } from '@/machines/company-status'

/** What a move's button says: the event in the accountant's words. */
export function moveLabel({ to, event }: StatusMove): string {
  switch (event) {
    case 'payment.confirmed':
      return to === 'active' ? 'Confirmar pagamento em dia' : 'Confirmar pagamento da assinatura'
    case 'opening.start':
      return 'Iniciar abertura'
    case 'company.activate':
      return 'Ativar empresa'
    case 'payment.late':
      return 'Marcar pagamento em atraso'
    case 'company.disable':
      return 'Desativar empresa'
    case 'company.restore':
      return 'Reativar empresa'
  }
}

/** The button's accessible name: the action and where it leads, e.g. "Ativar empresa → Ativa". */
export const moveName = (move: StatusMove) => `${moveLabel(move)} → ${companyStatusLabels[move.to]}`

/** What the confirmation says will happen. */
export function moveConsequence(move: StatusMove, from: CompanyStatus, companyName: string) {
  const change = `A situação de ${companyName} passa de "${companyStatusLabels[from]}" para "${companyStatusLabels[move.to]}".`
  switch (move.event) {
    case 'company.restore':
      return `${change} É a situação que ela tinha antes de ser desativada; o cliente volta a usar a Contabil.`
    case 'company.disable':
      return `${change} O cliente passa a ver a página de empresa desativada, com o motivo abaixo.`
    case 'payment.late':
      return `${change} O cliente vê um aviso de pagamento em atraso com o link para a cobrança.`
    case 'company.activate':
      return `${change} O cliente passa a usar todas as áreas da Contabil.`
    default:
      return change
  }
}
