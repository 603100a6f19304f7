import { Link } from '@tanstack/react-router'
import { useSessionView } from '@/services/session'
import { AreaPage } from '@/screens/shared'

function ForCompany() {
  const { company } = useSessionView()
  if (!company) return null
  return (
    <p className="muted" style={{ margin: 0 }}>
      Empresa: <strong>{company.alias ?? company.name}</strong>
    </p>
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
