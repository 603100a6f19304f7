import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerConfig } from '../config'

/** Copies the fixture files (guides, receipts, CNPJ cards) into the files folder, keeping what is there. */
export function seedFiles(config: ServerConfig) {
  const source = fileURLToPath(new URL('../../fixtures/files', import.meta.url))
  if (!existsSync(source)) return
  for (const companyId of readdirSync(source)) {
    const target = path.join(config.filesDir, companyId)
    mkdirSync(target, { recursive: true })
    for (const name of readdirSync(path.join(source, companyId)))
      if (!existsSync(path.join(target, name)))
        cpSync(path.join(source, companyId, name), path.join(target, name))
  }
}
