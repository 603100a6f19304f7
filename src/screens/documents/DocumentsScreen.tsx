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

export function DocumentsScreen() {
  return (
    <AreaPage
      title="Documentos"
      description="Guias de impostos, contrato social, cartão CNPJ, alvarás e comprovantes da empresa, enviados pela contabilidade ou por você."
      features={[
        {
          icon: 'folder',
          title: 'Tudo em um lugar',
          description: 'Contrato social, cartão CNPJ, alvará, extratos e notas fiscais, por tipo.',
        },
        {
          icon: 'card',
          title: 'Guias a pagar',
          description: 'DAS, DARF e demais guias, com o vencimento e a marcação de pagas.',
        },
        {
          icon: 'check',
          title: 'Aprovação',
          description: 'Aprove ou recuse os documentos que a contabilidade preparar para você.',
        },
      ]}
    >
      <ForCompany />
    </AreaPage>
  )
}
