import { Link } from '@tanstack/react-router'
import { buttonClass } from '@/ui/Button'
import { AreaPage } from '@/screens/shared'

export function DucaPartnerScreen() {
  return (
    <AreaPage
      title="Duca"
      description="O programa de parceiros da Contabil: contadores e consultores indicam empresas e recebem comissão sobre as mensalidades pagas por elas."
      actions={
        <Link to="/app/wizard/partners/duca" className={buttonClass()}>
          Quero ser parceiro
        </Link>
      }
      features={[
        {
          icon: 'star',
          title: 'Seu código de parceiro',
          description: 'Aprovado o cadastro, você recebe um código para as empresas que indicar.',
        },
        {
          icon: 'building',
          title: 'Empresas indicadas',
          description:
            'Acompanhe as empresas que chegaram pela sua indicação e a situação de cada uma.',
        },
        {
          icon: 'card',
          title: 'Comissão',
          description: 'Uma parte de cada mensalidade paga, depositada na sua chave Pix.',
        },
      ]}
    />
  )
}
