import { useSuspenseQuery } from '@tanstack/react-query'
import { companyStatusLabels, referralRewardStatusLabels } from '@/schemas/glossary'
import { formatDate, formatInteger, formatMoney } from '@/lib/format'
import { type ReferralRewardStatus } from '@/schemas/engagement'
import { referralsQueryOptions, referralSummaryQueryOptions } from '@/services/account'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { Badge } from '@/ui/Feedback'
import { Card, PageHeader } from '@/ui/Layout'
import { notify } from '@/ui/notify'
import { Stat, StatGrid } from '@/ui/Stat'
import { ListView } from '@/ui/List'
import { DataTable } from '@/ui/Table'
import { REFERRALS_PAGE_SIZE } from './referrals-search'
import styles from './Account.module.css'

const rewardTone: Record<ReferralRewardStatus, 'neutral' | 'success' | 'info'> = {
  pending: 'neutral',
  available: 'success',
  redeemed: 'info',
}

/** The message a referral shares: what the product is and the link. */
export const shareText = (link: string) =>
  `Uso a Contabil para a contabilidade da minha empresa, tudo online. Abra a sua ou traga a sua empresa por este link: ${link}`

/** /app/user/my-referrals: the referral link, the people referred and the rewards. */
export function MyReferralsScreen({
  page,
  onPageChange,
}: {
  page: number
  onPageChange: (page: number) => void
}) {
  const { user } = useSessionView()
  if (!user) return null
  return <Referrals uid={user.uid} page={page} onPageChange={onPageChange} />
}

function Referrals({
  uid,
  page,
  onPageChange,
}: {
  uid: string
  page: number
  onPageChange: (page: number) => void
}) {
  const offset = (page - 1) * REFERRALS_PAGE_SIZE
  const { data: summary } = useSuspenseQuery(referralSummaryQueryOptions(uid))
  const { data: referrals } = useSuspenseQuery(
    referralsQueryOptions(uid, { limit: REFERRALS_PAGE_SIZE, offset }),
  )
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(shareText(summary.link))}`

  async function copy() {
    try {
      await navigator.clipboard.writeText(summary.link)
      notify.success('Link copiado.')
    } catch {
      notify.error('Não foi possível copiar: selecione o link e copie.')
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Indicações"
        description={`Indique a Contabil: a cada pessoa que pagar a primeira mensalidade, você ganha ${formatMoney(summary.rewardPerReferral)} de desconto na sua.`}
      />

      <section aria-labelledby="seu-link">
        <Card>
          <h2 id="seu-link" className={styles.cardTitle}>
            Seu link de indicação
          </h2>
          <div className={styles.linkBox}>
            <input
              readOnly
              value={summary.link}
              aria-label="Seu link de indicação"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              Copiar link
            </Button>
            <a
              className={styles.whatsapp}
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
            >
              Compartilhar no WhatsApp
              <span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </div>
          <p className={styles.note} style={{ marginTop: 'var(--space-3)' }}>
            Seu código é <strong>{summary.code}</strong>: quem criar a conta pelo link (ou digitar o
            código) fica ligado a você.
          </p>
        </Card>
      </section>

      <section aria-labelledby="totais">
        <h2 id="totais" className="visually-hidden">
          Totais
        </h2>
        <StatGrid min={200}>
          <Total label="Pessoas indicadas" value={formatInteger(summary.totals.referred)} />
          <Total
            label="Aguardando o primeiro pagamento"
            value={formatInteger(summary.totals.pending)}
          />
          <Total label="Crédito disponível" value={formatMoney(summary.totals.available)} />
          <Total label="Crédito já usado" value={formatMoney(summary.totals.redeemed)} />
        </StatGrid>
      </section>

      <section aria-labelledby="indicados">
        <Card>
          <h2 id="indicados" className={styles.cardTitle}>
            Pessoas indicadas
          </h2>
          <ListView
            list={referrals}
            empty={{
              title: 'Ninguém indicado ainda',
              description: 'Compartilhe seu link: quem criar a conta por ele aparece aqui.',
            }}
            pager={{
              page,
              pageSize: REFERRALS_PAGE_SIZE,
              label: 'Páginas das indicações',
              onPage: onPageChange,
            }}
          >
            <DataTable
              caption="Pessoas que criaram conta com o seu link"
              rows={referrals.data}
              rowKey={(referral) => referral.userId}
              columns={[
                {
                  key: 'name',
                  card: 'title',
                  header: 'Pessoa',
                  cell: (referral) => (
                    <span className={styles.stacked}>
                      <span>{referral.name}</span>
                      <span className="muted">{referral.email}</span>
                    </span>
                  ),
                },
                {
                  key: 'signedUp',
                  header: 'Conta criada em',
                  cell: (referral) => formatDate(referral.signedUpAt),
                },
                {
                  key: 'company',
                  header: 'Empresa',
                  cell: (referral) =>
                    referral.companyStatus ? companyStatusLabels[referral.companyStatus] : '—',
                },
                {
                  key: 'reward',
                  header: 'Recompensa',
                  align: 'right',
                  cell: (referral) => (
                    <span className={styles.stacked}>
                      <strong>{formatMoney(referral.reward.amount)}</strong>
                      <span>
                        <Badge tone={rewardTone[referral.reward.status]}>
                          {referralRewardStatusLabels[referral.reward.status]}
                        </Badge>
                      </span>
                    </span>
                  ),
                },
              ]}
            />
          </ListView>
        </Card>
      </section>
    </div>
  )
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <Stat size="md" label={label} value={value} />
    </Card>
  )
}
