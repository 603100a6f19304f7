import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { DocumentsScreen } from '@/screens/documents/DocumentsScreen'

export const Route = createFileRoute('/app/_admin/_company/documents')({
  head: () => ({ meta: [{ title: pageTitle('Documentos') }] }),
  component: DocumentsScreen,
})
