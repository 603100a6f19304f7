import { createFileRoute } from '@tanstack/react-router'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { notFoundHead } from './-page-heads'

// docs/product.md §2: /404, the not-found page as a page of its own.
export const Route = createFileRoute('/_site/404')({
  head: notFoundHead,
  component: SiteNotFound,
})
