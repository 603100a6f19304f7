import { AreaPage } from '@/screens/shared'

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
