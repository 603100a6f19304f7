import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { SefinError } from './contract'

// The national system's rejection codes and messages, as its Anexo I (DPS/NFS-e) and Anexo II
// (events) list them (fixtures/nfse-real/anexo/, SOURCES.md): the stand-in refuses with the real
// code and the real message, and adds what it found in `Complemento`.

type Row = { codigo: string; mensagem: string }

let messages: Map<string, string> | undefined

function load() {
  const table = new Map<string, string>()
  // Anexo II after Anexo I: a code both use (E1260) is said as the DPS's.
  for (const file of ['anexo-ii-v1.01-event-codes.csv', 'anexo-i-v1.01-codes.csv']) {
    const text = readFileSync(
      new URL(`../../../fixtures/nfse-real/anexo/${file}`, import.meta.url),
      'utf8',
    )
    for (const row of parse(text, { columns: true, skip_empty_lines: true }) as Row[])
      table.set(row.codigo, row.mensagem.replace(/\s+/g, ' ').trim())
  }
  return table
}

/** The official message of a code (throws for a code the annexes do not have). */
export function anexoMessage(code: string): string {
  messages ??= load()
  const message = messages.get(code)
  if (!message) throw new Error(`${code} is not in Anexo I or II`)
  return message
}

/** A refusal as the API lists it: the code, its official message, what the stand-in found. */
export const refusal = (code: string, complement?: string): SefinError => ({
  Codigo: code,
  Descricao: anexoMessage(code),
  ...(complement ? { Complemento: complement } : {}),
})
