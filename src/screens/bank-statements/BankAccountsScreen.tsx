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
