// Text laid out in the product's PDFs (the guides, the pró-labore receipts, the transfer letter):
// broken into rows that fit the page, so that no line runs off it.

/**
 * Text broken into rows no wider than `maxWidth` (as `widthOf` measures them), at spaces; a word
 * wider than a row on its own (a long collection line, an e-mail address) is cut where it must.
 */
export function wrapText(text: string, widthOf: (part: string) => number, maxWidth: number) {
  const rows: string[] = []
  let row = ''
  for (const word of text.split(' ')) {
    const candidate = row ? `${row} ${word}` : word
    if (widthOf(candidate) <= maxWidth) {
      row = candidate
      continue
    }
    if (row) rows.push(row)
    row = word
    while (widthOf(row) > maxWidth) {
      let cut = row.length - 1
      while (cut > 1 && widthOf(row.slice(0, cut)) > maxWidth) cut--
      rows.push(row.slice(0, cut))
      row = row.slice(cut)
    }
  }
  rows.push(row)
  return rows
}
