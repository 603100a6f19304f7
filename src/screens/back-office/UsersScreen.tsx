import { AreaPage } from '@/screens/shared'

export function AdminUsersScreen() {
  return (
    <AreaPage
      title="Usuários"
      description="Quem acessa a Contabil: clientes e administradores, com seus papéis e empresas."
      features={[
        {
          icon: 'users',
          title: 'Listar e filtrar',
          description: 'Por empresa, 10 por página.',
        },
        {
          icon: 'plus',
          title: 'Criar acessos',
          description: 'Crie usuários com papel (administrador da empresa por padrão) e empresa.',
        },
      ]}
    />
  )
}
