import { useEffect } from 'react'
import type { LinkResolution } from '@/schemas/link'
import { rememberReferral, signUpHref } from '@/services/site/links/signup'
import { buttonClass } from '@/ui/Button'
import { ContentLink } from '../content/ContentLink'
import styles from './ReferralPage.module.css'

/** /links/{alias}: a referral link. The code is kept and goes to sign-up as `indicatedBy`. */
export function ReferralPage({ link }: { link: LinkResolution }) {
  useEffect(() => rememberReferral(link.code), [link.code])
  const who = link.referrerFirstName
  return (
    <section className={styles.page}>
      <div className={`container ${styles.box}`}>
        <p className={styles.eyebrow}>Indicação</p>
        <h1>
          {who ? `${who} indicou a Contabil para você` : 'Você chegou por um link de indicação'}
        </h1>
        <p className={styles.lead}>
          {who
            ? `Quem já é cliente conhece a contabilidade online por dentro. Crie sua conta por aqui e a indicação de ${who} fica registrada no seu cadastro.`
            : `${link.label ?? 'Este link'} fica registrado no seu cadastro quando você cria sua conta por aqui.`}
        </p>
        <p className={styles.code}>
          Código de indicação: <strong>{link.code}</strong>
        </p>
        <div className={styles.actions}>
          <a
            className={buttonClass({ variant: 'accent', size: 'lg' })}
            href={signUpHref('create-company')}
          >
            Quero abrir minha empresa
          </a>
          <a
            className={buttonClass({ variant: 'secondary', size: 'lg' })}
            href={signUpHref('migrate-company')}
          >
            Quero trocar de contador
          </a>
        </div>
        <p className={styles.more}>
          Quer conhecer antes? <ContentLink href="/">Veja como funciona a Contabil</ContentLink>.
        </p>
      </div>
    </section>
  )
}
