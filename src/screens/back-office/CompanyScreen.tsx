import { useState } from 'react'
import { trackLabels } from '@/schemas/glossary'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatCnaeCode } from '@/schemas/slug'
import { companyStatusSnapshotOf } from '@/machines/company-status'
import { formatDateTime } from '@/lib/format'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { Button, buttonClass } from '@/ui/Button'
import { DescriptionList } from '@/ui/DescriptionList'
import { Card, PageHeader } from '@/ui/Layout'
import { Tabs } from '@/ui/Tabs'
import { CompanyDetails, CompanyStatusBadge } from '@/screens/shared'
import { CompanyEditForm } from './CompanyEditForm'
import { CompanyPeoplePanel } from './CompanyPeoplePanel'
import { CompanyReconciliationPanel } from './CompanyReconciliationPanel'
import { CompanyTrackPanel } from './CompanyTrackPanel'
import { companyTabLabels, companyTabs, type CompanySearch } from './company-search'
import { StatusActions } from './StatusActions'
import { StatusHistory } from './StatusHistory'
import styles from './BackOffice.module.css'
import { changeFrom } from '@/lib/search-change'

/**
 * /app/admin/companies/{companyId}: one client company in four parts (the tab is in the URL):
 * its data with "Editar", its status with the changes the statechart allows and the history,
 * its track, and its people and money. The route's loader has put what the tab shows in the
 * cache (an unknown id is the 404 page).
 */
export function AdminCompanyScreen({
  companyId,
  search,
}: {
  companyId: string
  search: CompanySearch
}) {
  const navigate = useNavigate()
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const { data: track } = useSuspenseQuery(companyStepsQueryOptions(companyId))
  const tab = search.tab ?? 'dados'
  const name = company.alias ?? company.name

  const content = {
    dados: <CompanyDataPanel key="dados" companyId={companyId} />,
    situacao: (
      <div className="stack" key="situacao">
        <Card>
          <h2 className={styles.cardTitle}>Situação atual</h2>
          <p className={styles.currentStatus}>
            <CompanyStatusBadge status={company.status} />
            <span className="muted">
              desde {formatDateTime(company.statusHistory.at(-1)?.at ?? company.createdAt)}
            </span>
          </p>
          <StatusActions
            companyId={companyId}
            companyName={name}
            snapshot={companyStatusSnapshotOf(company, track)}
          />
        </Card>
        <section aria-labelledby="history-title" className="stack">
          <h2 id="history-title" className={styles.cardTitle}>
            Histórico
          </h2>
          <StatusHistory
            companyId={companyId}
            page={search.historico ?? 1}
            onPage={(historico) =>
              void navigate({
                to: '/app/admin/companies/$companyId',
                params: { companyId },
                search: changeFrom(search, {
                  ...search,
                  historico: historico > 1 ? historico : undefined,
                }),
              })
            }
          />
        </section>
      </div>
    ),
    trilha: <CompanyTrackPanel key="trilha" companyId={companyId} />,
    conciliacao: (
      <CompanyReconciliationPanel
        key="conciliacao"
        companyId={companyId}
        mes={search.mes}
        page={search.semNota ?? 1}
        onChange={(next) =>
          void navigate({
            to: '/app/admin/companies/$companyId',
            params: { companyId },
            search: changeFrom(search, { ...search, ...next }),
          })
        }
      />
    ),
    pessoas: (
      <CompanyPeoplePanel
        key="pessoas"
        companyId={companyId}
        docsPage={search.docs ?? 1}
        onDocsPage={(docs) =>
          void navigate({
            to: '/app/admin/companies/$companyId',
            params: { companyId },
            search: changeFrom(search, { ...search, docs: docs > 1 ? docs : undefined }),
          })
        }
      />
    ),
  }

  return (
    <>
      <PageHeader
        title={name}
        description={
          <span className={styles.headerLine}>
            {company.alias && <span>{company.name}</span>}
            <CompanyStatusBadge status={company.status} />
            <span>Cadastro de {trackLabels[track.trackId]}</span>
          </span>
        }
        actions={
          <Link
            to="/app/admin/companies"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            ← Empresas
          </Link>
        }
      />
      <Tabs
        label={`Partes da empresa ${name}`}
        value={tab}
        onValueChange={(next) =>
          void navigate({
            to: '/app/admin/companies/$companyId',
            params: { companyId },
            search: { tab: next === 'dados' ? undefined : next },
            replace: true,
          })
        }
        items={companyTabs.map((value) => ({
          value,
          label:
            value === 'pessoas' ? (
              // On a phone the four tabs fit with the short name.
              <>
                Pessoas<span className={styles.wideOnly}> e cobrança</span>
              </>
            ) : (
              companyTabLabels[value]
            ),
          content: content[value],
        }))}
      />
    </>
  )
}

/** The registration data, every field, with "Editar" in place. */
function CompanyDataPanel({ companyId }: { companyId: string }) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  const [editing, setEditing] = useState(false)
  return (
    <Card>
      <div className={styles.cardHeader}>
        <h2 className={styles.cardTitle}>Dados de registro</h2>
        {!editing && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Editar
          </Button>
        )}
      </div>
      {editing ? (
        <CompanyEditForm company={company} onDone={() => setEditing(false)} />
      ) : (
        <div className="stack">
          <CompanyDetails company={company} />
          <DescriptionList
            items={[
              {
                term: 'Atividades (CNAE)',
                value:
                  company.activities.length > 0
                    ? company.activities.map(formatCnaeCode).join(', ')
                    : 'Ainda não informadas',
              },
              { term: 'Última alteração', value: formatDateTime(company.updatedAt) },
            ]}
          />
        </div>
      )}
    </Card>
  )
}
