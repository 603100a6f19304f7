import type { LinkProps } from '@tanstack/react-router'
import type { Company } from '@/schemas/company'
import { isTrackDone, wizardPathOf, type Track } from '@/schemas/track'

export type NextStep = {
  key: string
  title: string
  description: string
  to: NonNullable<LinkProps['to']>
  cta: string
}

/** What the panel suggests doing next, from the company's status and track (pure). */
export function nextStepsFor(company: Company, track: Track | null): NextStep[] {
  const steps: NextStep[] = []
  if (company.status === 'overdue')
    steps.push({
      key: 'billing',
      title: 'Regularize a mensalidade',
      description:
        'Há uma mensalidade em atraso. Com o pagamento em dia, a contabilidade segue sem pausa.',
      to: '/app/user/my-billing',
      cta: 'Ver cobrança',
    })
  if (!isTrackDone(track))
    steps.push({
      key: 'wizard',
      title: 'Conclua o cadastro da empresa',
      description: 'Faltam etapas do cadastro. Continue de onde parou.',
      to: wizardPathOf(company.trackId),
      cta: 'Continuar cadastro',
    })
  if (company.status === 'opening' || company.status === 'awaiting_opening')
    steps.push({
      key: 'opening',
      title: 'Acompanhe a abertura',
      description:
        'Estamos registrando sua empresa na Junta Comercial e na Receita. Os documentos chegam em Documentos.',
      to: '/app/documents',
      cta: 'Ver documentos',
    })
  if (company.status === 'migrating')
    steps.push({
      key: 'migrating',
      title: 'Acompanhe a migração',
      description:
        'Estamos recebendo a contabilidade do seu contador anterior. Os documentos chegam em Documentos.',
      to: '/app/documents',
      cta: 'Ver documentos',
    })
  if (company.status === 'active' || company.status === 'overdue')
    steps.push(
      {
        key: 'invoice',
        title: 'Emita uma nota fiscal',
        description: 'Peça a emissão de uma NFS-e ou agende notas que se repetem todo mês.',
        to: '/app/invoices',
        cta: 'Notas fiscais',
      },
      {
        key: 'bank',
        title: 'Mantenha os extratos em dia',
        description: 'Envie o OFX do banco ou conecte sua conta para classificar as movimentações.',
        to: '/app/bank-statements/accounts',
        cta: 'Extratos bancários',
      },
      {
        key: 'documents',
        title: 'Confira guias e documentos',
        description: 'Guias de impostos, contrato social, cartão CNPJ e o que mais enviarmos.',
        to: '/app/documents',
        cta: 'Documentos',
      },
    )
  return steps
}
