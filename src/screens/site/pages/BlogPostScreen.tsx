import type { PostContent, Story } from '@/schemas/content'
import { isResolved } from '@/schemas/content'
import { signUpLink } from '@/services/site/links/signup'
import { dayInBrazil } from '@/kernel/dates'
import { formatDate } from '@/lib/format'
import { buttonClass } from '@/ui/Button'
import { ContentLink } from '../content/ContentLink'
import { PostCards } from '../content/Blocks'
import { RichText } from '../content/RichText'
import styles from './Blog.module.css'

/** /blog/posts/{slug}: one article. */
export function BlogPostScreen({ post }: { post: Story<PostContent> }) {
  const { content } = post
  const related = (content.related ?? []).filter(isResolved)
  const published = post.first_published_at ?? post.published_at
  const updated = post.published_at
  return (
    <article className={styles.article}>
      <header className={styles.articleHeader}>
        <div className={`container ${styles.narrow}`}>
          <nav aria-label="Você está em" className={styles.breadcrumb}>
            <ContentLink href="/blog">Blog</ContentLink>
            <span aria-hidden="true">/</span>
            <span>{content.category}</span>
          </nav>
          <h1>{content.title}</h1>
          <p className={styles.excerpt}>{content.excerpt}</p>
          <p className={styles.meta}>
            <span>
              Por <strong>{content.author}</strong>, {content.author_role}
            </span>
            {published && (
              <span>
                Publicado em <time dateTime={published}>{formatDate(published)}</time>
                {updated && dayInBrazil(updated) !== dayInBrazil(published) && (
                  <>
                    {' '}
                    · atualizado em <time dateTime={updated}>{formatDate(updated)}</time>
                  </>
                )}
              </span>
            )}
            <span>{content.reading_minutes} min de leitura</span>
          </p>
        </div>
      </header>
      <div className={`container ${styles.narrow} ${styles.body}`}>
        <RichText doc={content.body} progressive />
        <aside className={styles.cta} aria-label="Fale com um contador">
          <h2>Quer ajuda com isso na sua empresa?</h2>
          <p>Nossos contadores cuidam da abertura, dos impostos e da folha, tudo online.</p>
          <div className={styles.ctaActions}>
            <a className={buttonClass({ variant: 'accent' })} {...signUpLink('create-company')}>
              Abrir minha empresa
            </a>
            <a className={buttonClass({ variant: 'secondary' })} {...signUpLink('migrate-company')}>
              Trocar de contador
            </a>
          </div>
        </aside>
      </div>
      {related.length > 0 && (
        <section className={styles.related} aria-labelledby="relacionados">
          <div className="container">
            <h2 id="relacionados">Leia também</h2>
            <PostCards posts={related} />
          </div>
        </section>
      )}
    </article>
  )
}
