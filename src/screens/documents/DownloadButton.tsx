import { useState } from 'react'
import type { CompanyDocument } from '@/schemas/document'
import { downloadFile } from '@/services/documents'
import { Button } from '@/ui/Button'
import { notify } from '@/ui/notify'

/** "Baixar": a signed download link for the document's file, opened as a download. */
export function DownloadButton({
  companyId,
  document,
  label = 'Baixar',
}: {
  companyId: string
  document: CompanyDocument
  label?: string
}) {
  const [busy, setBusy] = useState(false)
  async function download() {
    setBusy(true)
    try {
      await downloadFile({ companyId, fileName: document.fileName })
    } catch (error) {
      notify.error(
        error instanceof Error
          ? error.message
          : 'Não foi possível baixar o arquivo. Tente de novo.',
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={busy}
      onClick={() => void download()}
      aria-label={`${label}: ${document.name}`}
    >
      {label}
    </Button>
  )
}
