import { useId, useState } from 'react'
import { companyStatusLabels } from '@/schemas/glossary'
import { useMyCompanies } from '@/services/companies'
import { useSessionService, useSessionView } from '@/services/session'
import { controlClass } from '@/ui/Field'
import { Badge } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import styles from './CompanySelector.module.css'

/** Which company the signed-in person is working on (README.md "Demo accounts": eva has two). */
export function CompanySelector() {
  const id = useId()
  const session = useSessionService()
  const view = useSessionView()
  const companies = useMyCompanies(view.user?.uid, !view.isSystemAdmin)
  const [switching, setSwitching] = useState(false)

  if (view.isSystemAdmin) return <Badge tone="info">Administrador do sistema</Badge>

  const list = companies.data?.data ?? []
  const currentName = view.company ? (view.company.alias ?? view.company.name) : null
  // The whole name, wherever the bar is too narrow to show it (hover, focus and screen readers).
  const fullName = view.company
    ? [view.company.alias, view.company.name].filter(Boolean).join(' — ')
    : undefined

  async function choose(companyId: string) {
    if (companyId === view.companyId) return
    setSwitching(true)
    try {
      const next = await session.selectCompany(companyId)
      if (next.status === 'companyError')
        notify.error(next.error ?? 'Não foi possível abrir esta empresa.')
      else if (next.company)
        notify.info(`Empresa selecionada: ${next.company.alias ?? next.company.name}`)
    } finally {
      setSwitching(false)
    }
  }

  if (list.length < 2) {
    if (!currentName) return null
    return (
      <div className={styles.single}>
        <span className={styles.caption}>Empresa</span>
        <strong className={styles.current} title={fullName}>
          {currentName}
        </strong>
      </div>
    )
  }

  return (
    <div className={styles.selector}>
      <label htmlFor={id} className={styles.caption}>
        Empresa
      </label>
      <select
        id={id}
        className={`${controlClass} ${styles.select}`}
        value={view.companyId ?? ''}
        title={fullName}
        disabled={switching || view.status === 'loading'}
        aria-busy={switching || undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        {list.map((company) => (
          <option key={company.id} value={company.id}>
            {company.alias ?? company.name} — {companyStatusLabels[company.status]}
          </option>
        ))}
      </select>
      {fullName && (
        <span className={styles.fullName} aria-hidden="true">
          {fullName}
        </span>
      )}
    </div>
  )
}
