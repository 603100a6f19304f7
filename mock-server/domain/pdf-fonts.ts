import { readFileSync } from 'node:fs'
import fontkit from '@pdf-lib/fontkit'
import type { PDFDocument, PDFFont } from 'pdf-lib'

// The fonts the product's PDFs draw text with: DejaVu Sans, regular and bold (fixtures/fonts,
// with their licence), embedded as subsets through fontkit, so that a name outside WinAnsi
// ("Łukasz", "Nguyễn") prints instead of failing the PDF as the standard Helvetica does.

let files: { regular: Uint8Array; bold: Uint8Array } | undefined
const fontFiles = () =>
  (files ??= {
    regular: readFileSync(new URL('../../fixtures/fonts/DejaVuSans.ttf', import.meta.url)),
    bold: readFileSync(new URL('../../fixtures/fonts/DejaVuSans-Bold.ttf', import.meta.url)),
  })

/** Embeds the regular and bold fonts in a document (only the glyphs it uses). */
export async function embedUnicodeFonts(
  pdf: PDFDocument,
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  pdf.registerFontkit(fontkit)
  const { regular, bold } = fontFiles()
  return {
    regular: await pdf.embedFont(regular, { subset: true }),
    bold: await pdf.embedFont(bold, { subset: true }),
  }
}
