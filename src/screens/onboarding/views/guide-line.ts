/**
 * A guide's linha digitável as printed: a collection slip's 48 digits in four blocks of 11 and a
 * check digit; a bank slip's 47 in its five fields.
 */
export function formatGuideLine(line: string): string {
  const digits = line.replace(/\D/g, '')
  if (digits.length === 48)
    return (digits.match(/\d{12}/g) ?? [])
      .map((block) => `${block.slice(0, 11)}-${block.slice(11)}`)
      .join(' ')
  if (digits.length === 47)
    return `${digits.slice(0, 5)}.${digits.slice(5, 10)} ${digits.slice(10, 15)}.${digits.slice(15, 21)} ${digits.slice(21, 26)}.${digits.slice(26, 32)} ${digits.slice(32, 33)} ${digits.slice(33)}`
  return line
}
