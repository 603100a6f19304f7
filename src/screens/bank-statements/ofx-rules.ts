import { MAX_UPLOAD_BYTES } from '@/schemas/files'
import type { FileRules } from '@/ui/FileDrop'

/** An OFX statement file, at most as large as the server takes (checked before sending). */
export const ofxFileRules: FileRules = {
  accept: [{ label: 'OFX', extensions: ['ofx'] }],
  maxBytes: MAX_UPLOAD_BYTES,
}
