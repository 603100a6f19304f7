import { formatCnaeCode, slugify, splitCnaeSlug } from '@/schemas/slug'
import { pageHead } from '../../-head'

// /tools/cnae/{code}-{text}: one path segment holding the typed params code and text
// (SPEC section 2). No services here: params and head land in the first-load chunk.

export type CnaeParams = { slug: string; code: string; text: string }

export const cnaeParams = {
  /** A segment that does not start with a 7-digit code does not match: the 404 page. */
  parse: ({ slug }: { slug: string }): CnaeParams | false => {
    const parts = splitCnaeSlug(slug)
    return parts ? { slug, ...parts } : false
  },
  stringify: ({ code, text }: CnaeParams) => ({ slug: text ? `${code}-${text}` : code }),
}

export function cnaeHead(
  cnae: { code: string; text: string } | undefined,
  seo: { title: string; description: string } | undefined,
) {
  if (!cnae) return pageHead({ title: 'Consulta CNAE', path: '/tools/cnae' })
  const fill = (value: string) =>
    value.replace(/\{codigo\}/g, formatCnaeCode(cnae.code)).replace(/\{descricao\}/g, cnae.text)
  return pageHead({
    title: fill(seo?.title || 'CNAE {codigo}: {descricao}'),
    description: seo?.description ? fill(seo.description) : undefined,
    path: `/tools/cnae/${cnae.code}-${slugify(cnae.text)}`,
  })
}
