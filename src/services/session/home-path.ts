import type { SessionView } from '@/machines/session'

/** Where a signed-in user starts: the back office for system admins, the panel for the rest. */
export const homePathFor = (view: Pick<SessionView, 'isSystemAdmin'>) =>
  view.isSystemAdmin ? '/app/admin/companies' : '/app/panel'
