import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrPath } from '../../mock-server/domain/invoices/nfse/danfse'

// The DANFSe draws its QR code (the NFS-e's consultation link) as one SVG path of the rows' runs
// of dark modules: read back, the path covers exactly the code's dark modules, one quiet module
// around them.

/** The modules a path of `M{x} {y}h{w}v1h{-w}z` rectangles covers, as "row,col". */
function covered(path: string) {
  const cells = new Set<string>()
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let col = Number(x); col < Number(x) + Number(w); col++)
      cells.add(`${Number(y) - 1},${col - 1}`)
  return cells
}

describe('the DANFSe QR code', () => {
  it.each([
    'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=35503082245218739000102000000000000126115803924761',
    'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=1',
  ])('covers exactly the dark modules of %s', (url) => {
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
    const dark = new Set<string>()
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) dark.add(`${row},${col}`)
    const path = qrPath(modules)
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/)
    expect(covered(path)).toEqual(dark)
    // Runs, not modules: fewer rectangles than dark modules.
    expect(path.match(/M/g)!.length).toBeLessThan(dark.size)
  })
})
