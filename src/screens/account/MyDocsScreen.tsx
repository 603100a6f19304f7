import { AreaPage } from '@/screens/shared'

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
