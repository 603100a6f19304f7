import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { certificateQueryOptions } from '@/services/account'
import { CertificateScreen } from '@/screens/account/CertificateScreen'

export const Route = createFileRoute('/app/_admin/_company/user/my-certificate')({
  loader: async ({ context: { queryClient, view } }) => {
    if (view.company) await queryClient.ensureQueryData(certificateQueryOptions(view.company.id))
  },
  head: () => ({ meta: [{ title: pageTitle('Certificado digital') }] }),
  component: CertificateScreen,
})
