import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  certificateInfoSchema,
  certificatePasswordSchema,
  type CertificateInfo,
} from '@/schemas/nfse'
import { api } from '@/services/api'
import { accountKeys } from './keys'

export const certificateInputSchema = idSchema

/** GET /companies/{id}/certificate: the company's A1 certificate (never its key), or null. */
export async function getCertificate(
  companyId: string,
  signal?: AbortSignal,
): Promise<CertificateInfo | null> {
  const id = certificateInputSchema.parse(companyId)
  const { data } = await api.get(`/companies/${encodeURIComponent(id)}/certificate`, {
    schema: recordOf(certificateInfoSchema.nullable()),
    signal,
  })
  return data
}

export const certificateQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: accountKeys.certificate(companyId),
    queryFn: ({ signal }) => getCertificate(companyId, signal),
  })

export const uploadCertificateInputSchema = z.object({
  companyId: idSchema,
  file: z.instanceof(Blob),
  fileName: z.string(),
  password: certificatePasswordSchema,
})
export type UploadCertificateInput = z.input<typeof uploadCertificateInputSchema>

/**
 * PUT /companies/{id}/certificate (multipart `file` and `password`): the server reads the
 * PKCS#12 with the password and refuses, in pt-BR, a wrong password, an expired certificate,
 * another CNPJ's, a key that is not RSA.
 */
export async function uploadCertificate(input: UploadCertificateInput): Promise<CertificateInfo> {
  const { companyId, file, fileName, password } = uploadCertificateInputSchema.parse(input)
  const form = new FormData()
  form.append('password', password)
  form.append('file', file, fileName)
  const { data } = await api.put(`/companies/${encodeURIComponent(companyId)}/certificate`, {
    form,
    schema: recordOf(certificateInfoSchema),
  })
  return data
}

/** DELETE /companies/{id}/certificate. */
export async function removeCertificate(companyId: string): Promise<void> {
  const id = certificateInputSchema.parse(companyId)
  await api.delete(`/companies/${encodeURIComponent(id)}/certificate`)
}

export const useUploadCertificate = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadCertificate,
    onSuccess: (certificate, { companyId }) =>
      queryClient.setQueryData(accountKeys.certificate(companyId), certificate),
  })
}

export const useRemoveCertificate = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeCertificate,
    onSuccess: (_answer, companyId) =>
      queryClient.setQueryData(accountKeys.certificate(companyId), null),
  })
}
