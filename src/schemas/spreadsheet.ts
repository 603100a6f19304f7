// Text that a spreadsheet will open (CSV exports, the txt accounting layout): a cell whose first
// character is `=`, `+`, `-`, `@`, a tab, a carriage return or a line feed is read as a formula by
// Excel, LibreOffice and Google Sheets. OWASP's CSV-injection guidance: put a single quote in
// front, so the cell shows as the text it is. Numbers the product formats itself (amounts, dates)
// are not text and do not go through this.

const FORMULA_START = /^[=+\-@\t\r\n]/

/** A text cell that no spreadsheet runs as a formula. */
export const spreadsheetText = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value
