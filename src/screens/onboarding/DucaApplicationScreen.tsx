import { formatMobile } from '@/schemas/brazil'
import { Link } from '@tanstack/react-router'
import { useSessionView } from '@/services/session'
import { buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, PageHeader } from '@/ui/Layout'

/** /app/wizard/partners/duca: joining the Duca partner program, from the account's own data. */
export function DucaWizardScreen() {
  const { user } = useSessionView()
  return (
    <>
      <PageHeader
        title="Cadastro no programa Duca"
        description="Para ser parceiro, informe se você é contador (com CRC) ou consultor, seu CPF ou CNPJ, a cidade e a chave Pix da comissão. O cadastro parte dos dados da sua conta:"
      />
      <Card>
        <DescriptionList
          items={[
            { term: 'Nome', value: user?.displayName || '—' },
            { term: 'E-mail', value: user?.email ?? '—' },
            {
              term: 'Celular',
              value: user?.phoneNumber ? formatMobile(user.phoneNumber) : 'Não informado',
            },
          ]}
        />
        <div className="row" style={{ marginTop: 'var(--space-6)' }}>
          <Link to="/app/partners/duca" className={buttonClass({ variant: 'secondary' })}>
            Voltar para o programa
          </Link>
        </div>
      </Card>
    </>
  )
}
