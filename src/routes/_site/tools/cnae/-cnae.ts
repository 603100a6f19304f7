import { splitCnaeSlug } from '@/schemas/slug'

// /tools/cnae/{code}-{text}: one path segment holding the typed params code and text
// (docs/product.md §2). The head is in ../../-page-heads.ts.

export type CnaeParams = { slug: string; code: string; text: string }

export const cnaeParams = {
  /** A segment that does not start with a 7-digit code does not match: the 404 page. */
  parse: ({ slug }: { slug: string }): CnaeParams | false => {
    const parts = splitCnaeSlug(slug)
    return parts ? { slug, ...parts } : false
  },
  stringify: ({ code, text }: CnaeParams) => ({ slug: text ? `${code}-${text}` : code }),
}
