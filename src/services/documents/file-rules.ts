import { MAX_UPLOAD_BYTES } from '@/schemas/files'

/** What a document upload takes: the PDF, JPG, PNG, XML or OFX, up to the link's 10 MB. */
export const documentFileRules = {
  accept: [
    { label: 'PDF', extensions: ['pdf'] },
    { label: 'JPG', extensions: ['jpg', 'jpeg'] },
    { label: 'PNG', extensions: ['png'] },
    { label: 'XML', extensions: ['xml'] },
    { label: 'OFX', extensions: ['ofx'] },
  ],
  maxBytes: MAX_UPLOAD_BYTES,
} as const
