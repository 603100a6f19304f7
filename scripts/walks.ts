import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { prepareTestPki } from '../mock-server/stand-ins/sefin-nacional/test-pki'
import { seedCore } from '../mock-server/seed/core'
import { certifiedCompanies } from '../mock-server/seed/nfse'
import { freePortBlock } from './ports'
import { startEmulator } from './stack'
import { layerOf, measureWalks } from './walks-measure'

// `npm run walks`: the repository's files a month close and an OFX import that pays an invoice
// cross, by layer (how they are measured: scripts/walks-measure.ts), on an Auth emulator and a
// test PKI of their own.
//
//   npm run walks            each walk's files by layer
//   npm run walks -- --list  and every file

const scratch = mkdtempSync(path.join(os.tmpdir(), 'contabil-walks-stack-'))
const authPort = await freePortBlock(3)
const emulator = await startEmulator({
  port: authPort,
  dataDir: path.join(scratch, 'auth'),
  persist: false,
  quiet: true,
})
try {
  const pkiDir = path.join(scratch, 'pki')
  await prepareTestPki(pkiDir, certifiedCompanies(seedCore().companies))
  const { edge, walks } = await measureWalks(`127.0.0.1:${authPort}`, pkiDir)
  for (const { name, files } of walks) {
    const layers = new Map<string, string[]>()
    for (const file of [...files].sort()) {
      const layer = layerOf(file)
      layers.set(layer, [...(layers.get(layer) ?? []), file])
    }
    const own = [...files].filter((file) => !edge.has(file)).length
    console.log(
      `\n${name}: ${files.size} files, ${own} of them beyond every signed-in request's ${edge.size}`,
    )
    console.log('| layer | files |\n|---|---|')
    for (const [layer, list] of layers) console.log(`| ${layer} | ${list.length} |`)
    if (process.argv.includes('--list'))
      for (const [layer, list] of layers)
        console.log(`\n${layer}:\n${list.map((file) => `  ${file}`).join('\n')}`)
  }
} finally {
  await emulator.stop()
  rmSync(scratch, { recursive: true, force: true })
}
