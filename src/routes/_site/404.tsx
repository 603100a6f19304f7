import { createFileRoute } from '@tanstack/react-router'
import { SiteNotFound } from '@/screens/site/pages/SiteNotFound'
import { pageHead } from './-head'

// SPEC section 2: /404, the not-found page as a page of its own.
export const Route = createFileRoute('/_site/404')({
  head: () => pageHead({ title: 'Página não encontrada', path: '/404', noindex: true }),
  component: SiteNotFound,
})
