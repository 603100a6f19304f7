import { useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/ui/Button'
import { TextField } from '@/ui/Field'

/**
 * The filters of a back-office queue (the month's close, the year's end): the lists it is given
 * apply at once, the text (a company's name or CNPJ) on "Buscar" or Enter, trimmed — an empty one
 * clears the search. The screen keys it by the URL's search so a new address starts it afresh.
 */
export function QueueSearchForm({
  label,
  className,
  query: initial,
  onSearch,
  children,
}: {
  /** The form's accessible name. */
  label: string
  className?: string
  query: string | undefined
  onSearch: (query: string | undefined) => void
  /** The lists (selects) before the text. */
  children: ReactNode
}) {
  const [query, setQuery] = useState(initial ?? '')
  function submit(event: FormEvent) {
    event.preventDefault()
    onSearch(query.trim() || undefined)
  }
  return (
    <form className={className} onSubmit={submit} role="search" aria-label={label}>
      {children}
      <TextField
        label="Buscar"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Nome ou CNPJ"
        maxLength={100}
      />
      <Button type="submit">Buscar</Button>
    </form>
  )
}
