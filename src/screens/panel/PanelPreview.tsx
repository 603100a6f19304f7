import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { companiesQueryOptions, companyQueryOptions } from '@/services/companies'
import { buttonClass } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { Card, PageHeader } from '@/ui/Layout'
import { CompanyStatusBadge } from '@/screens/shared'
import { PanelBody } from './PanelBody'
import styles from './PanelScreen.module.css'

/** A client company's panel as its owner sees it, for the flagged admin (read-only). */
export function PanelPreview({
  companyId,
  period,
  onPeriodChange,
}: {
  companyId: string
  period: string | undefined
  onPeriodChange: (period: string) => void
}) {
  const { data: company } = useSuspenseQuery(companyQueryOptions(companyId))
  return (
    <>
      <PageHeader
        title="Painel"
        description={`O painel de ${company.alias ?? company.name}, como o cliente vê.`}
        actions={
          <Link to="/app/panel" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Escolher outra empresa
          </Link>
        }
      />
      <div className={styles.previewNote}>
        <Alert tone="info" title="Visualização do administrador">
          Os números são os do cliente; pagamentos não podem ser feitos daqui.
        </Alert>
      </div>
      <PanelBody company={company} track={null} period={period} onPeriodChange={onPeriodChange} />
    </>
  )
}

/** Finds a client company by name, alias or CNPJ, to open its panel. */
export function PanelPreviewPicker() {
  const [query, setQuery] = useState('')
  const search = query.trim()
  const companies = useQuery({
    ...companiesQueryOptions({ query: search || undefined, limit: 10, offset: 0 }),
    placeholderData: keepPreviousData,
  })
  return (
    <section aria-labelledby="ver-painel" className={styles.section}>
      <Card>
        <h2 id="ver-painel" className={styles.sectionTitle}>
          Ver o painel de um cliente
        </h2>
        <TextField
          label="Buscar empresa"
          hint="Nome, nome fantasia ou CNPJ."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {companies.isPending ? (
          <Loading label="Buscando empresas…" />
        ) : companies.isError ? (
          <Alert tone="danger" title="Não foi possível buscar as empresas">
            {companies.error.message}
          </Alert>
        ) : companies.data.data.length === 0 ? (
          <p className="muted">Nenhuma empresa encontrada para “{search}”.</p>
        ) : (
          <ul className={styles.pickList}>
            {companies.data.data.map((company) => (
              <li key={company.id}>
                <Link to="/app/panel" search={{ empresa: company.id }}>
                  {company.alias ?? company.name}
                </Link>{' '}
                <CompanyStatusBadge status={company.status} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  )
}
