import { AreaPage } from '@/screens/shared'

export function OpeningOrdersScreen() {
  return (
    <AreaPage
      title="Pedidos de abertura"
      description="Empresas em abertura: quem pagou a assinatura, quem aguarda a guia de registro e quem já enviou o comprovante."
      features={[
        {
          icon: 'plus',
          title: 'Fila de abertura',
          description: 'Os pedidos em ordem de chegada, 10 por página.',
        },
        {
          icon: 'folder',
          title: 'Guia de registro',
          description: 'Anexe a guia da taxa e acompanhe o comprovante do cliente.',
        },
      ]}
    />
  )
}
