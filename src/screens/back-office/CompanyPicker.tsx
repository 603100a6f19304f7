import { useEffect, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { CompanyRef } from '@/schemas/company'
import { formatCnpjValue } from '@/lib/format'
import { companiesQueryOptions } from '@/services/companies'
import { Combobox } from '@/ui/Combobox'

/** How many companies the suggestions show. */
const SUGGESTIONS = 8

/** The company as people know it: the alias when there is one, with the legal name. */
export const companyLabel = (company: Pick<CompanyRef, 'name' | 'alias'>) =>
  company.alias ? `${company.alias} (${company.name})` : company.name

/**
 * Picks a company by name, alias or CNPJ (GET /companies, the back office's own list): the
 * suggestions follow what is typed; `exclude` leaves out companies already chosen.
 */
export function CompanyPicker({
  label,
  onSelect,
  hint,
  error,
  exclude = [],
  placeholder = 'Nome, nome fantasia ou CNPJ',
  name,
}: {
  label: ReactNode
  onSelect: (company: CompanyRef) => void
  hint?: ReactNode
  error?: string | undefined
  exclude?: readonly string[]
  placeholder?: string
  name?: string
}) {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  // Asks the server once the typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 250)
    return () => window.clearTimeout(timer)
  }, [text])
  const searching = query.length >= 2
  const companies = useQuery({
    ...companiesQueryOptions({ query, limit: SUGGESTIONS }),
    enabled: searching,
  })
  const found = (companies.data?.data ?? []).filter((company) => !exclude.includes(company.id))

  return (
    <Combobox
      label={label}
      name={name}
      hint={hint}
      error={error}
      placeholder={placeholder}
      inputValue={text}
      onInputChange={setText}
      searching={searching}
      loading={companies.isFetching || text.trim() !== query}
      idleText="Digite pelo menos 2 letras ou números."
      emptyText={
        companies.isError ? companies.error.message : 'Nenhuma empresa com esse nome ou CNPJ.'
      }
      options={found.map((company) => ({
        value: company.id,
        label: companyLabel(company),
        description: company.cnpj ? `CNPJ ${formatCnpjValue(company.cnpj)}` : 'Sem CNPJ ainda',
      }))}
      onSelect={(option) => {
        const company = found.find((candidate) => candidate.id === option.value)
        if (!company) return
        setText('')
        setQuery('')
        onSelect({
          id: company.id,
          name: company.name,
          alias: company.alias,
          cnpj: company.cnpj,
          status: company.status,
        })
      }}
    />
  )
}
