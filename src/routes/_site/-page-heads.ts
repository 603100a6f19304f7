import type { Cnae } from '@/schemas/cnae'
import type { City } from '@/schemas/city'
import type { PageContent, PostContent, Story } from '@/schemas/content'
import type { CityPrefix } from '@/schemas/site-pages'
import { cnaeSlug, formatCnaeCode } from '@/schemas/slug'
import { cityVars, fillPlaceholders } from '@/screens/site/content/placeholders'
import { SITE_DESCRIPTION } from '../__root'
import { absoluteUrl, pageHead, storyHead } from './-head'
import { blogPosting, cityAccountingService, faqPage, organization } from './-structured-data'

// The head of each kind of public page, from the data the page shows: used by the client-side
// routes' head() and by the build for the prerendered pages, so both always agree.

/** docs/product.md §1: the home page has the site's own title and description. */
export const homeHead = (story: Story<PageContent> | undefined) =>
  pageHead({
    title: story?.content.seo_title ?? '',
    description: story?.content.seo_description,
    path: '/',
    jsonLd: [
      organization(absoluteUrl, story?.content.seo_description || SITE_DESCRIPTION),
      story ? faqPage(story.content) : null,
    ],
  })

export const blogHead = (story: Story<PageContent> | undefined, page = 1) => {
  const path = page > 1 ? `/blog?pagina=${page}` : '/blog'
  return storyHead(story, path, 'Blog', {
    title: (story?.content.seo_title || 'Blog') + (page > 1 ? ` (página ${page})` : ''),
  })
}

export const postHead = (post: Story<PostContent> | undefined, slug: string) => {
  const path = `/blog/posts/${slug}`
  const title = post?.content.seo_title || post?.content.title || 'Blog'
  return pageHead({
    title,
    description: post?.content.seo_description || post?.content.excerpt,
    path,
    type: 'article',
    publishedAt: post?.first_published_at,
    crumbs: [
      { name: 'Blog', path: '/blog' },
      { name: post?.content.title || title, path },
    ],
    jsonLd: post ? [blogPosting(post, path, absoluteUrl)] : [],
  })
}

export function cityHead(
  prefix: CityPrefix,
  data: { city: City; template: Story<PageContent> } | undefined,
) {
  if (!data) return pageHead({ title: 'Contabilidade', path: `/${prefix}` })
  const path = `/${prefix}/${data.city.slug}`
  const vars = cityVars(data.city)
  const filled = fillPlaceholders(
    {
      title: data.template.content.seo_title ?? '',
      description: data.template.content.seo_description ?? '',
    },
    vars,
  )
  const label = prefix === 'contador-em' ? 'Contador em' : 'Contabilidade em'
  return pageHead({
    title: filled.title,
    description: filled.description,
    path,
    crumbs: [{ name: `${label} ${data.city.name} - ${data.city.state}`, path }],
    jsonLd: [
      cityAccountingService(data.city, { ...filled, path }, absoluteUrl),
      faqPage(fillPlaceholders(data.template.content, vars)),
    ],
  })
}

export function cnaeHead(
  cnae: Pick<Cnae, 'code' | 'text'> | undefined,
  template: Story<PageContent> | undefined,
) {
  if (!cnae) return pageHead({ title: 'Consulta CNAE', path: '/tools/cnae' })
  const fill = (value: string) =>
    value.replace(/\{codigo\}/g, formatCnaeCode(cnae.code)).replace(/\{descricao\}/g, cnae.text)
  const path = `/tools/cnae/${cnaeSlug(cnae.code, cnae.text)}`
  const seo = template?.content
  return pageHead({
    title: fill(seo?.seo_title || 'CNAE {codigo}: {descricao}'),
    description: seo?.seo_description ? fill(seo.seo_description) : undefined,
    path,
    crumbs: [
      { name: 'Consulta CNAE', path: '/tools/cnae' },
      { name: `CNAE ${formatCnaeCode(cnae.code)}`, path },
    ],
    jsonLd: [
      template
        ? faqPage(
            fillPlaceholders(template.content, {
              codigo: formatCnaeCode(cnae.code),
              descricao: cnae.text,
            }),
          )
        : null,
    ],
  })
}

export const notFoundHead = () =>
  pageHead({
    title: 'Página não encontrada',
    path: '/404',
    noindex: true,
    crumbs: [{ name: 'Página não encontrada', path: '/404' }],
  })
