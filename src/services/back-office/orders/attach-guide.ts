import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema } from '@/schemas/common'
import { awaitingGuideSchema, type AwaitingGuide } from '@/schemas/steps'
import type { Track } from '@/schemas/track'
import { uploadFile, type UploadProgress } from '@/services/documents'
import { saveStep } from '@/services/onboarding'
import { invalidateOrder } from './invalidate-order'

export const attachGuideInputSchema = z.object({
  companyId: idSchema,
  file: z.instanceof(File, { error: 'Anexe o arquivo da guia' }),
  guide: awaitingGuideSchema.shape.guide.omit({ fileName: true }),
})
export type AttachGuideInput = {
  companyId: string
  file: File
  guide: Omit<z.input<typeof awaitingGuideSchema>['guide'], 'fileName'>
}

/**
 * The accountant attaches the registration-fee guide: the file goes up through its signed link
 * (with progress), then `POST /companies/{id}/steps/awaiting-guide` with amount, due date and
 * linha digitável completes the step (the client's next step opens).
 */
export async function attachGuide(
  input: AttachGuideInput,
  options: UploadProgress = {},
): Promise<{ track: Track; guide: AwaitingGuide['guide'] }> {
  const { companyId, file, guide } = attachGuideInputSchema.parse(input)
  const stored = await uploadFile({ companyId, file }, options)
  const payload = { guide: { ...guide, fileName: stored.fileName } }
  const track = await saveStep({ companyId, stepId: 'awaiting-guide', payload })
  return { track, guide: awaitingGuideSchema.parse(payload).guide }
}

export const useAttachGuide = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, ...options }: { input: AttachGuideInput } & UploadProgress) =>
      attachGuide(input, options),
    onSuccess: (_answer, { input }) => invalidateOrder(queryClient, input.companyId),
  })
}
