import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MyDocsScreen } from '@/screens/account/MyDocsScreen'

export const Route = createFileRoute('/app/_admin/_company/user/my-docs')({
  head: () => ({ meta: [{ title: pageTitle('Meus documentos') }] }),
  component: MyDocsScreen,
})
