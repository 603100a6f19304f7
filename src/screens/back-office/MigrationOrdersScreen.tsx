import { AreaPage } from '@/screens/shared'

export function MigrationOrdersScreen() {
  return (
    <AreaPage
      title="Pedidos de migração"
      description="Empresas trocando de contador: os dados do contador anterior e a carta de transferência."
      features={[
        {
          icon: 'swap',
          title: 'Fila de migração',
          description: 'Os pedidos em ordem de chegada, 10 por página.',
        },
        {
          icon: 'mail',
          title: 'Contador anterior',
          description: 'Nome, e-mail, telefone e CRC para combinar a transferência.',
        },
      ]}
    />
  )
}
