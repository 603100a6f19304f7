import { Link } from '@tanstack/react-router'
import { useSessionView } from '@/services/session/react'
import { buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, PageHeader } from '@/ui/Layout'

/** /app/wizard/partners/duca: joining the Duca partnership, with the data it will use. */
export function DucaWizardScreen() {
  const { user, company } = useSessionView()
  return (
    <>
      <PageHeader
        title="Cadastro na parceria Duca"
        description="Confira os dados que a participação usa. Eles vêm da sua conta e da empresa selecionada."
      />
      <Card>
        <DescriptionList
          items={[
            { term: 'Nome', value: user?.displayName || '—' },
            { term: 'E-mail', value: user?.email ?? '—' },
            { term: 'Celular', value: user?.phoneNumber ?? 'Não informado' },
            { term: 'Empresa', value: company ? company.name : 'Nenhuma empresa selecionada' },
          ]}
        />
        <div className="row" style={{ marginTop: 'var(--space-6)' }}>
          <Link to="/app/partners/duca" className={buttonClass({ variant: 'secondary' })}>
            Voltar para a parceria
          </Link>
        </div>
      </Card>
    </>
  )
}
