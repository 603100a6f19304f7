import type { CompanyDocument } from '@/schemas/document'
import { useDownloadFile } from '@/services/documents'
import { Button } from '@/ui/Button'
import { notify } from '@/ui/notify'

/** "Baixar": a signed download link for the document's file, opened as a download. */
export function DownloadButton({
  companyId,
  document,
  label = 'Baixar',
}: {
  companyId: string
  document: Pick<CompanyDocument, 'fileName' | 'name'>
  label?: string
}) {
  const download = useDownloadFile()
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { companyId, fileName: document.fileName },
          {
            onError: (error) =>
              notify.error(error.message || 'Não foi possível baixar o arquivo. Tente de novo.'),
          },
        )
      }
      aria-label={`${label}: ${document.name}`}
    >
      {label}
    </Button>
  )
}
