import { Link } from '@tanstack/react-router'
import { ducaStatusLabels } from '@/schemas/glossary'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { DUCA_COMMISSION_RATE, ducaKindLabels, type DucaPartner } from '@/schemas/engagement'
import { formatDate, formatMoney } from '@/lib/format'
import { ducaCompaniesQueryOptions, myDucaQueryOptions } from '@/services/partners'
import { useSessionView } from '@/services/session'
import { CompanyStatusBadge } from '@/screens/shared'
import { Button, buttonClass } from '@/ui/Button'
import { Alert, Badge } from '@/ui/Feedback'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, PageHeader } from '@/ui/Layout'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { notify } from '@/ui/notify'
import styles from './DucaPartnerScreen.module.css'

export const DUCA_PAGE_SIZE = 10
const commission = `${Math.round(DUCA_COMMISSION_RATE * 100)}%`
const statusTones = { pending_review: 'info', approved: 'success', rejected: 'warning' } as const

/**
 * /app/partners/duca: the Duca partner programme. Before applying: what it is and the way in;
 * after: the application's status and, once approved, the partner code and the companies the
 * partner brought (10 a page).
 */
export function DucaPartnerScreen({
  offset,
  onOffsetChange,
}: {
  offset: number
  onOffsetChange: (offset: number) => void
}) {
  const { user } = useSessionView()
  const uid = user?.uid ?? ''
  const { data: partner } = useSuspenseQuery(myDucaQueryOptions(uid))
  return (
    <>
      <PageHeader
        title="Duca"
        description={`O programa de parceiros da Contabil: contadores e consultores indicam empresas e recebem ${commission} de cada mensalidade paga por elas.`}
        actions={
          partner ? undefined : (
            <Link to="/app/wizard/partners/duca" className={buttonClass()}>
              Quero ser parceiro
            </Link>
          )
        }
      />
      {partner ? (
        <div className="stack" style={{ gap: 'var(--space-6)' }}>
          <Application partner={partner} />
          {partner.status === 'approved' && (
            <ReferredCompanies uid={uid} offset={offset} onOffsetChange={onOffsetChange} />
          )}
        </div>
      ) : (
        <Card className="stack">
          <h2 className={styles.heading}>Como funciona</h2>
          <ol className={styles.benefits}>
            <li>Você se cadastra como contador (com CRC) ou consultor de negócios.</li>
            <li>Aprovado o cadastro, recebe um código de parceiro para as empresas que indicar.</li>
            <li>
              Cada empresa que se cadastrar com o seu código e pagar a mensalidade rende{' '}
              {commission} para você, todo mês, na sua chave Pix.
            </li>
          </ol>
          <div className="row">
            <Link to="/app/wizard/partners/duca" className={buttonClass()}>
              Quero ser parceiro
            </Link>
          </div>
        </Card>
      )}
    </>
  )
}

function Application({ partner }: { partner: DucaPartner }) {
  const link = `${window.location.origin}/abrir-empresa?indicacao=${encodeURIComponent(partner.code)}`
  const copy = async (value: string, what: string) => {
    try {
      await navigator.clipboard.writeText(value)
      notify.success(`${what} copiado.`)
    } catch {
      notify.error('Não foi possível copiar: selecione o texto e copie com Ctrl+C.')
    }
  }
  return (
    <Card className="stack">
      <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <h2 className={styles.heading}>Seu cadastro</h2>
        <Badge tone={statusTones[partner.status]}>{ducaStatusLabels[partner.status]}</Badge>
      </div>
      {partner.status === 'pending_review' && (
        <Alert tone="info" title="Cadastro em análise">
          Enviado em {formatDate(partner.createdAt)}. Avisamos por e-mail quando a análise terminar;
          o seu código de parceiro aparece aqui.
        </Alert>
      )}
      {partner.status === 'rejected' && (
        <Alert tone="warning" title="Cadastro não aprovado">
          {partner.reviewNote ?? 'Fale com a gente pelo chat para saber mais.'}
        </Alert>
      )}
      {partner.status === 'approved' && (
        <div className="stack">
          <div className={styles.code}>
            <span>Seu código de parceiro:</span>
            <code>{partner.code}</code>
            <Button size="sm" variant="secondary" onClick={() => void copy(partner.code, 'Código')}>
              Copiar código
            </Button>
          </div>
          <p className={styles.link}>
            Link de indicação: <span>{link}</span>{' '}
            <Button size="sm" variant="ghost" onClick={() => void copy(link, 'Link')}>
              Copiar link
            </Button>
          </p>
        </div>
      )}
      <DescriptionList
        items={[
          { term: 'Tipo', value: ducaKindLabels[partner.kind] },
          { term: 'Nome', value: partner.name },
          ...(partner.crc ? [{ term: 'CRC', value: partner.crc }] : []),
          { term: 'E-mail', value: partner.email },
          { term: 'Celular', value: partner.phone },
          { term: 'Cidade', value: `${partner.city}/${partner.state}` },
          { term: 'Chave Pix', value: partner.pixKey },
          {
            term: 'Comissão',
            value: `${Math.round(partner.commissionRate * 100)}% das mensalidades pagas`,
          },
        ]}
      />
    </Card>
  )
}

function ReferredCompanies({
  uid,
  offset,
  onOffsetChange,
}: {
  uid: string
  offset: number
  onOffsetChange: (offset: number) => void
}) {
  const page = { limit: DUCA_PAGE_SIZE, offset }
  const companies = useQuery(ducaCompaniesQueryOptions(uid, page))
  return (
    <section className="stack" aria-labelledby="duca-empresas">
      <h2 id="duca-empresas" className={styles.heading}>
        Empresas que você trouxe
      </h2>
      {companies.isError ? (
        <Alert
          tone="danger"
          title="Não foi possível carregar as empresas"
          action={
            <Button size="sm" variant="secondary" onClick={() => void companies.refetch()}>
              Tentar de novo
            </Button>
          }
        >
          {companies.error.message}
        </Alert>
      ) : (
        <ListView
          list={companies.data}
          empty={{
            title: 'Nenhuma empresa ainda',
            description:
              'Quando alguém se cadastrar com o seu código ou link, a empresa aparece aqui.',
          }}
          pager={{
            page: Math.floor(offset / DUCA_PAGE_SIZE) + 1,
            pageSize: DUCA_PAGE_SIZE,
            label: 'Páginas das empresas indicadas',
            onPage: (next) => onOffsetChange((next - 1) * DUCA_PAGE_SIZE),
          }}
        >
          <DataTable
            caption="Empresas indicadas por você"
            loading={companies.isPending || companies.isPlaceholderData}
            rows={companies.data?.data}
            rowKey={(row) => row.companyId}
            columns={[
              {
                key: 'company',
                card: 'title',
                header: 'Empresa',
                cell: (row) => (
                  <span className={styles.cell}>
                    {row.companyName}
                    <span>
                      {row.ownerName} · desde {formatDate(row.signedUpAt)}
                    </span>
                  </span>
                ),
              },
              {
                key: 'status',
                header: 'Situação',
                cell: (row) => <CompanyStatusBadge status={row.status} />,
              },
              {
                key: 'plan',
                header: 'Plano',
                cell: (row) =>
                  row.planName ? (
                    <span className={styles.cell}>
                      {row.planName}
                      <span>{formatMoney(row.monthlyFee)}/mês</span>
                    </span>
                  ) : (
                    'Ainda não escolheu'
                  ),
              },
              {
                key: 'paid',
                header: 'Total pago',
                align: 'right',
                cell: (row) => formatMoney(row.paidTotal),
              },
              {
                key: 'commission',
                header: 'Sua comissão',
                align: 'right',
                cell: (row) => formatMoney(row.commissionTotal),
              },
            ]}
          />
        </ListView>
      )}
    </section>
  )
}
