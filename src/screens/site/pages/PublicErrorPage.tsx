import { useEffect } from 'react'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { isChunkLoadError, reloadOnce } from '@/services/site/build/watch'
import { recordError } from '@/services/errors'
import { Button, buttonClass } from '@/ui/Button'
import styles from './PublicErrorPage.module.css'

/**
 * When a public page cannot load its content (the content service is down, slow or refusing),
 * the visitor gets this instead of a blank page: what happened, a way to try again, the pages
 * that may still help, and how to reach a person. The error is recorded like any other.
 */
export function PublicErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  useEffect(() => {
    // A chunk of an older build that is gone: one guarded reload gets the current build.
    if (isChunkLoadError(error) && reloadOnce()) return
    recordError(error, 'router')
  }, [error])
  const detail = error instanceof Error && error.message ? error.message : null
  return (
    <section className={styles.page} aria-labelledby="erro-conteudo">
      <div className={`container ${styles.box}`}>
        <p className={styles.eyebrow}>Falha ao carregar a página</p>
        <h1 id="erro-conteudo">Não conseguimos mostrar esta página agora</h1>
        <p className={styles.lead}>
          O conteúdo desta página não chegou até nós. Costuma ser passageiro: tente de novo em
          alguns segundos. Se continuar, as páginas abaixo e o nosso atendimento seguem funcionando.
        </p>
        {detail && (
          <p className={styles.detail}>
            Detalhe técnico: <span>{detail}</span>
          </p>
        )}
        <div className={styles.actions}>
          <Button
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            Tentar de novo
          </Button>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            Ir para o início
          </Link>
        </div>
        <div className={styles.help}>
          <div>
            <h2>Enquanto isso</h2>
            <ul>
              <li>
                <Link to="/tools/cnae">Consultar um CNAE</Link>
              </li>
              <li>
                <a href="/app/login">Entrar na área do cliente</a>
              </li>
              <li>
                <a href="/app/login?mode=signup&amp;track=create-company">Criar uma conta</a>
              </li>
            </ul>
          </div>
          <div>
            <h2>Fale com a gente</h2>
            <p>
              Escreva para <a href="mailto:contato@contabil.dev">contato@contabil.dev</a>: um
              contador responde em até um dia útil.
            </p>
          </div>
        </div>
      </div>
    </section>
  )
}
