import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerConfig } from '../config'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files'

/**
 * Copies the fixture files (guides, receipts, CNPJ cards) into the files folder, keeping what is
 * there. The copies are private like every file of the data folder (a copy would keep the
 * fixture's own mode, readable by all).
 */
export function seedFiles(config: ServerConfig) {
  const source = fileURLToPath(new URL('../../fixtures/files', import.meta.url))
  if (!existsSync(source)) return
  for (const companyId of readdirSync(source)) {
    const target = path.join(config.filesDir, companyId)
    mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE })
    for (const name of readdirSync(path.join(source, companyId))) {
      const copy = path.join(target, name)
      if (existsSync(copy)) continue
      copyFileSync(path.join(source, companyId, name), copy)
      chmodSync(copy, PRIVATE_FILE_MODE)
    }
  }
}
