// The company area's pages whose working parts come with later issues: each says what it is for
// and names the company it is about (from the session).
import { Link } from '@tanstack/react-router'
import { useSessionView } from '@/services/session/react'
import { AreaPage } from './AreaPage'

function ForCompany() {
  const { company } = useSessionView()
  if (!company) return null
  return (
    <p className="muted" style={{ margin: 0 }}>
      Empresa: <strong>{company.alias ?? company.name}</strong>
    </p>
  )
}

export function InvoicesScreen() {
  return (
    <AreaPage
      title="Notas fiscais"
      description="Peça a emissão de notas fiscais de serviço (NFS-e), acompanhe cada pedido e agende as notas que se repetem todo mês."
      features={[
        {
          icon: 'receipt',
          title: 'Solicitar uma NFS-e',
          description:
            'Informe o tomador (CPF ou CNPJ), o serviço e o valor; a contabilidade emite.',
        },
        {
          icon: 'check',
          title: 'Acompanhar os pedidos',
          description:
            'Cada pedido fica pendente, em processamento, emitido ou rejeitado, com o motivo.',
        },
        {
          icon: 'swap',
          title: 'Agendar notas mensais',
          description: 'Para contratos recorrentes, escolha o dia do mês e o valor uma única vez.',
        },
      ]}
    >
      <ForCompany />
    </AreaPage>
  )
}

export function DocumentsScreen() {
  return (
    <AreaPage
      title="Documentos"
      description="Guias de impostos, contrato social, cartão CNPJ, alvarás e comprovantes da empresa, enviados pela contabilidade ou por você."
      features={[
        {
          icon: 'folder',
          title: 'Tudo em um lugar',
          description: 'Contrato social, cartão CNPJ, alvará, extratos e notas fiscais, por tipo.',
        },
        {
          icon: 'card',
          title: 'Guias a pagar',
          description: 'DAS, DARF e demais guias, com o vencimento e a marcação de pagas.',
        },
        {
          icon: 'check',
          title: 'Aprovação',
          description: 'Aprove ou recuse os documentos que a contabilidade preparar para você.',
        },
      ]}
    >
      <ForCompany />
    </AreaPage>
  )
}

export function BankAccountsScreen() {
  return (
    <AreaPage
      title="Extratos bancários"
      description="As contas bancárias da empresa, conectadas ao banco Cora ou enviadas em arquivo OFX, com as movimentações classificadas para a contabilidade."
      features={[
        {
          icon: 'bank',
          title: 'Conectar o Cora',
          description: 'Autorize uma vez e os extratos chegam sozinhos.',
        },
        {
          icon: 'folder',
          title: 'Enviar OFX',
          description: 'Exporte o extrato do seu banco em OFX e envie; repetições são ignoradas.',
        },
        {
          icon: 'receipt',
          title: 'Classificar',
          description:
            'Dê a cada movimentação uma categoria: receitas, impostos, aluguel, software…',
        },
      ]}
    >
      <ForCompany />
    </AreaPage>
  )
}

export function BankTransactionsScreen({ accountId }: { accountId: string }) {
  return (
    <AreaPage
      title="Movimentações da conta"
      description="As entradas e saídas de uma conta bancária da empresa, para classificar e exportar para a contabilidade."
      actions={
        <Link to="/app/bank-statements/accounts" className="muted">
          ← Voltar para as contas
        </Link>
      }
      features={[
        {
          icon: 'receipt',
          title: 'Categorias',
          description: 'Classifique cada movimentação; filtre as que ainda não têm categoria.',
        },
        {
          icon: 'arrowRight',
          title: 'Exportar',
          description: 'Baixe o período em TXT (uma linha por movimentação) ou CSV.',
        },
      ]}
    >
      <ForCompany />
      <p className="muted" style={{ margin: 0 }}>
        Conta: <code>{accountId}</code>
      </p>
    </AreaPage>
  )
}

export function MyDocsScreen() {
  return (
    <AreaPage
      title="Meus documentos"
      description="Seus documentos pessoais de sócio (RG ou CNH, CPF e comprovante de residência), usados no registro e nas alterações da empresa."
      features={[
        {
          icon: 'idCard',
          title: 'Documentos de identidade',
          description: 'Envie uma vez e use em todos os processos da empresa.',
        },
        {
          icon: 'lock',
          title: 'Guardados com segurança',
          description: 'Só você e a equipe de contabilidade responsável têm acesso.',
        },
      ]}
    />
  )
}

export function MyReferralsScreen() {
  return (
    <AreaPage
      title="Indicações"
      description="Indique a Contabil para outros empreendedores com o seu código e acompanhe quem já se cadastrou."
      features={[
        {
          icon: 'gift',
          title: 'Seu código',
          description: 'Quem se cadastrar pelo seu link fica ligado à sua indicação.',
        },
        {
          icon: 'users',
          title: 'Acompanhe',
          description: 'Veja quem se cadastrou e em que etapa está.',
        },
      ]}
    />
  )
}
