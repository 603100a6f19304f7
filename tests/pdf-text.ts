import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** The text of a PDF, page by page (pdf.js, as a reader extracts it). */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}

/** A run of text as pdf.js places it: its text, its left and right edges and its page's width. */
export type PdfTextBox = { text: string; left: number; right: number; pageWidth: number }

/** Every text box of every page of a PDF (points, from the page's left edge). */
export async function pdfTextBoxes(bytes: Uint8Array | ArrayBuffer): Promise<PdfTextBox[]> {
  // A copy: pdf.js takes the buffer it reads (detaches it), and the caller may read it again.
  const pdf = await getDocument({ data: new Uint8Array(bytes).slice(), verbosity: 0 }).promise
  const boxes: PdfTextBox[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const pageWidth = page.view[2]!
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str) continue
      boxes.push({
        text: item.str,
        left: item.transform[4],
        right: item.transform[4] + item.width,
        pageWidth,
      })
    }
  }
  return boxes
}

/**
 * A PDF's text against its side margins of `margin` points: how many text boxes it has, and each
 * one reaching into a margin (or off the page) with where it runs — none, in a PDF that fits.
 */
export async function textBeyondMargins(bytes: Uint8Array | ArrayBuffer, margin: number) {
  const boxes = await pdfTextBoxes(bytes)
  const beyond = boxes
    .filter((box) => box.left < margin - 0.5 || box.right > box.pageWidth - margin + 0.5)
    .map(
      (box) =>
        `"${box.text}": ${Math.round(box.left)} to ${Math.round(box.right)} of ${box.pageWidth} pt`,
    )
  return { boxes: boxes.length, beyond }
}
