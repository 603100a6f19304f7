import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MyReferralsScreen } from '@/screens/account/ReferralsScreen'

export const Route = createFileRoute('/app/_admin/_company/user/my-referrals')({
  head: () => ({ meta: [{ title: pageTitle('Indicações') }] }),
  component: MyReferralsScreen,
})
