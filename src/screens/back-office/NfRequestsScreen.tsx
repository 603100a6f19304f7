import { AreaPage } from '@/screens/shared'

export function NfRequestsScreen() {
  return (
    <AreaPage
      title="Solicitações de NFS-e"
      description="Os pedidos de nota fiscal de todos os clientes: processe, emita ou rejeite com o motivo."
      features={[
        {
          icon: 'receipt',
          title: 'Buscar pedidos',
          description: 'Por texto, situação e data, de todas as empresas.',
        },
        {
          icon: 'check',
          title: 'Mudar a situação',
          description: 'Pendente → em processamento → emitida ou rejeitada.',
        },
      ]}
    />
  )
}
