import type { ReactNode } from 'react'
import { Icon } from '@/ui/Icon'
import { Logo } from '@/ui/Logo'
import styles from './AuthLayout.module.css'

const promises = [
  'Abertura de empresa e troca de contador 100% online',
  'Notas fiscais, documentos e extratos em um só lugar',
  'Contadores de verdade respondendo quando você precisa',
]

/** The auth layout: the product's promise on one side, the form on the other. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <aside className={styles.aside}>
        <a href="/" className={styles.brand} aria-label="Contabil, ir para o site">
          <Logo tone="light" size={36} />
        </a>
        <div className={styles.pitch}>
          <p className={styles.kicker}>Contabilidade online</p>
          <p className={styles.headline}>O controle da sua empresa, reinventado.</p>
          <ul className={styles.promises}>
            {promises.map((promise) => (
              <li key={promise}>
                <Icon name="check" size={18} />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <p className={styles.small}>Seus dados protegidos, com acesso só de quem você autorizar.</p>
      </aside>
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        <div className={styles.mobileBrand}>
          <a href="/" aria-label="Contabil, ir para o site">
            <Logo size={32} />
          </a>
        </div>
        <div className={styles.panel}>{children}</div>
      </main>
    </div>
  )
}
