import { createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { layoutBoundaries } from '@/routes/app/-boundaries'

/**
 * /app/admin/*: system admins only; others get the 403 screen (docs/product.md §6, deliberate
 * change).
 */
export const Route = createFileRoute('/app/_admin/admin')({
  ...layoutBoundaries,
  beforeLoad: ({ context, location }) => {
    enforceGates(['auth', 'system-admin'], { view: context.view, location })
  },
})
