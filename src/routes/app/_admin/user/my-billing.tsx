import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MyBillingScreen } from '@/screens/account/BillingScreen'

export const Route = createFileRoute('/app/_admin/user/my-billing')({
  head: () => ({ meta: [{ title: pageTitle('Cobrança') }] }),
  component: MyBillingScreen,
})
