import { OFX_MAX_BYTES } from '@/schemas/bank'
import type { FileRules } from '@/ui/FileDrop'

/** An OFX statement file, at most as large as the server takes (checked before sending). */
export const ofxFileRules: FileRules = {
  accept: [{ label: 'OFX', extensions: ['ofx'] }],
  maxBytes: OFX_MAX_BYTES,
}
