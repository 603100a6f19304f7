import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { stepIdSchema } from '@/schemas/track'

/**
 * The wizards' address: `?etapa=` opens a done step to read or revise; `?pagamento=` is what the
 * checkout says when it sends the client back (paid, or left without paying). Apart from the
 * loader's helpers (./-wizard.ts), so the route tree carries no services.
 */
export const wizardSearchSchema = lazySearch(() =>
  z.object({
    etapa: stepIdSchema.optional().catch(undefined),
    pagamento: z.enum(['confirmado', 'cancelado']).optional().catch(undefined),
  }),
)
