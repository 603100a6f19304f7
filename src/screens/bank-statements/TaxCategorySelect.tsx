import type { SelectHTMLAttributes } from 'react'
import type { TaxCategory } from '@/schemas/bank'
import { controlClass } from '@/ui/Field'

/** The categories in their groups, as the chart of accounts orders them. */
export function groupCategories(categories: readonly TaxCategory[]) {
  const groups = new Map<string, TaxCategory[]>()
  for (const category of categories) {
    const group = groups.get(category.group) ?? []
    group.push(category)
    groups.set(category.group, group)
  }
  return [...groups]
}

/** A native select of the tax categories by group, with "Sem categoria" first. */
export function TaxCategorySelect({
  categories,
  value,
  onChange,
  emptyLabel = 'Sem categoria',
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  categories: readonly TaxCategory[]
  value: string | null
  onChange: (taxCategoryId: string | null) => void
  emptyLabel?: string
}) {
  return (
    <select
      className={controlClass}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      {...select}
    >
      <option value="">{emptyLabel}</option>
      {groupCategories(categories).map(([group, items]) => (
        <optgroup key={group} label={group}>
          {items.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}
