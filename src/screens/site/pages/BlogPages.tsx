import type { PageContent, PostContent, Story } from '@/schemas/content'
import { isResolved } from '@/schemas/content'
import type { StoryPage as StoryPageData } from '@/services/site/content/stories'
import { signUpHref } from '@/services/site/links/signup'
import { formatDateBR } from '@/lib/br-format'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { ContentLink } from '../content/ContentLink'
import { PostCards } from '../content/Blocks'
import { RichText } from '../content/RichText'
import { StoryPage } from './StoryPage'
import styles from './BlogPages.module.css'

/** /blog: the blog story, with the paged list of posts (25 a page) where its post_index goes. */
export function BlogIndexPage({
  story,
  posts,
}: {
  story: Story<PageContent>
  posts: StoryPageData<PostContent>
}) {
  const pages = Math.max(1, Math.ceil(posts.total / posts.perPage))
  const list = (
    <section className={styles.list} aria-labelledby="artigos">
      <div className="container">
        <h2 id="artigos" className={styles.listTitle}>
          Todos os artigos
          <span>
            {posts.total} {posts.total === 1 ? 'artigo' : 'artigos'}
          </span>
        </h2>
        {posts.stories.length === 0 ? (
          <EmptyState title="Nenhum artigo nesta página">
            {posts.page > 1 ? (
              <ContentLink href="/blog">Voltar para a primeira página</ContentLink>
            ) : (
              'Ainda não publicamos artigos por aqui. Volte em breve.'
            )}
          </EmptyState>
        ) : (
          <PostCards posts={posts.stories} />
        )}
        {pages > 1 && (
          <nav className={styles.pager} aria-label="Páginas do blog">
            {posts.page > 1 ? (
              <ContentLink
                href={posts.page === 2 ? '/blog' : `/blog?pagina=${posts.page - 1}`}
                className={buttonClass({ variant: 'secondary' })}
                rel="prev"
              >
                Artigos mais novos
              </ContentLink>
            ) : (
              <span />
            )}
            <span>
              Página {posts.page} de {pages}
            </span>
            {posts.page < pages ? (
              <ContentLink
                href={`/blog?pagina=${posts.page + 1}`}
                className={buttonClass({ variant: 'secondary' })}
                rel="next"
              >
                Artigos mais antigos
              </ContentLink>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
    </section>
  )
  return <StoryPage story={story} path="/blog" slots={{ post_index: list }} />
}

/** /blog/posts/{slug}: one article. */
export function BlogPostPage({ post }: { post: Story<PostContent> }) {
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
                Publicado em <time dateTime={published}>{formatDateBR(published)}</time>
                {updated && updated.slice(0, 10) !== published.slice(0, 10) && (
                  <>
                    {' '}
                    · atualizado em <time dateTime={updated}>{formatDateBR(updated)}</time>
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
            <a className={buttonClass({ variant: 'accent' })} href={signUpHref('create-company')}>
              Abrir minha empresa
            </a>
            <a
              className={buttonClass({ variant: 'secondary' })}
              href={signUpHref('migrate-company')}
            >
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
