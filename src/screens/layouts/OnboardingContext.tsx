import { useSessionView } from '@/services/session'
import styles from './CompanySelector.module.css'

/** The onboarding top bar names the company being registered. */
export function OnboardingContext() {
  const { company } = useSessionView()
  return (
    <div className={styles.single}>
      <span className={styles.caption}>Cadastro</span>
      <strong className={styles.current}>
        {company ? (company.alias ?? company.name) : 'Nova empresa'}
      </strong>
    </div>
  )
}
