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
