import { AreaPage } from '@/screens/shared'

export function MyInvitesScreen() {
  return (
    <AreaPage
      title="Convites"
      description="Convide sócios e pessoas da sua equipe para acessar a empresa com você, e acompanhe os convites enviados."
      features={[
        {
          icon: 'mail',
          title: 'Convidar por e-mail',
          description: 'A pessoa recebe um link e cria o próprio acesso.',
        },
        {
          icon: 'users',
          title: 'Quem tem acesso',
          description: 'Veja os convites aceitos e os pendentes, e cancele quando precisar.',
        },
      ]}
    />
  )
}
