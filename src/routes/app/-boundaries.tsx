import { AreaError } from '@/screens/errors/AreaError'
import { PageSkeleton } from '@/ui/Skeleton'

/**
 * What every signed-in layout shows while it decides (a page skeleton) and when it fails (the
 * error in the layout's frame, with "Tentar de novo"). Pages below use the app router's defaults,
 * which are the same (src/entries/app/router.tsx, src/screens/errors/lazy.tsx).
 */
export const layoutBoundaries = {
  pendingComponent: () => <PageSkeleton />,
  errorComponent: AreaError,
}
