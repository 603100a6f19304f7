import type { PageContent, PostContent, Story } from '@/schemas/content'
import type { StoryPage as StoryPageData } from '@/services/site/content/stories'
import { buttonClass } from '@/ui/Button'
import { EmptyState } from '@/ui/Feedback'
import { ContentLink } from '../content/ContentLink'
import { PostCards } from '../content/Blocks'
import { StoryPage } from './StoryPage'
import styles from './Blog.module.css'

/** /blog: the blog story, with the paged list of posts (25 a page) where its post_index goes. */
export function BlogListScreen({
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
