import { describe, expect, it } from 'vitest'
import { spreadsheetText } from '../../src/schemas/spreadsheet'

describe('spreadsheetText', () => {
  it('puts a quote before text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n'])
      expect(spreadsheetText(`${start}1+1`)).toBe(`'${start}1+1`)
  })

  it('leaves other text as it is, formula characters inside included', () => {
    for (const text of ['PIX RECEBIDO - ANA', 'A=B', '', "'=já citado", ' =1+1', '1.234,56'])
      expect(spreadsheetText(text)).toBe(text)
  })
})
