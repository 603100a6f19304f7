import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { documentsQueryOptions } from '@/services/documents'
import { MyDocsScreen } from '@/screens/account/MyDocsScreen'
import { myDocsSearchSchema, myDocumentsInput } from '@/screens/account/my-docs'

export const Route = createFileRoute('/app/_admin/_company/user/my-docs')({
  validateSearch: myDocsSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.pagina ?? 1 }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.user || !view.company) return
    await queryClient.ensureQueryData(
      documentsQueryOptions(myDocumentsInput(view.company.id, view.user.uid, deps.page)),
    )
  },
  head: () => ({ meta: [{ title: pageTitle('Meus documentos') }] }),
  component: MyDocs,
})

function MyDocs() {
  const { pagina } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MyDocsScreen
      page={pagina ?? 1}
      onPageChange={(page) =>
        void navigate({
          search: (previous) => ({ ...previous, pagina: page > 1 ? page : undefined }),
        })
      }
    />
  )
}
