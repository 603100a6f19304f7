import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { bankAccountSummarySchema, ofxImportResultSchema } from '@/schemas/bank'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { bankKeys } from './keys'

export const importOfxInputSchema = z.object({ companyId: idSchema, file: z.instanceof(Blob) })
export type ImportOfxInput = { companyId: string; file: File }

const importAnswerSchema = recordOf(
  ofxImportResultSchema.extend({
    account: bankAccountSummarySchema.pick({
      id: true,
      bankName: true,
      branch: true,
      accountNumber: true,
    }),
  }),
)
export type OfxImport = z.infer<typeof importAnswerSchema>['data']

/**
 * POST /bank-statements/ofx/upload?companyId (docs/product.md §7: multipart, `file`): the account is
 * found by bank and number (or created); answers how many entries came in, were already there,
 * or were dropped as dated after the statement.
 */
export async function importOfx(input: ImportOfxInput): Promise<OfxImport> {
  const { companyId } = importOfxInputSchema.parse(input)
  const form = new FormData()
  form.append('file', input.file, input.file.name)
  const { data } = await api.post('/bank-statements/ofx/upload', {
    query: { companyId },
    form,
    schema: importAnswerSchema,
  })
  return data
}

export function useImportOfx() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importOfx,
    onSuccess: (result, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: bankKeys.transactions(companyId, result.account.id),
        }),
        // The new lines were reconciled: invoices may be received, guides and months paid.
        invalidateAfter(queryClient, 'statement-imported', companyId),
      ]),
  })
}
