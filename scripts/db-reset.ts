import { rmSync } from 'node:fs'
import path from 'node:path'
import { controlSocketOf, requestReset } from '../mock-server/control'
import { root } from './stack'

// `npm run db:reset`: back to the fixtures. With the stack running, the mock server reseeds its
// data file and the emulator's accounts (asked through its control socket in the data folder; the
// HTTP test hooks do not exist under `npm start`); otherwise the saved state is removed and the
// next `npm start` seeds it again.
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data')
const mockUrl = `http://localhost:${process.env.MOCK_PORT ?? 3000}`

if (await requestReset(dataDir)) {
  console.log('Dados e contas de demonstração restaurados (serviços em execução).')
} else {
  // A server that answers but has no control socket here runs on another data folder (or an
  // older version): removing files under it would lose nothing it could not rewrite.
  const answering = await fetch(`${mockUrl}/health`).then(
    (r) => r.ok,
    () => false,
  )
  if (answering) {
    console.error(
      `Um servidor simulado responde em ${mockUrl}, mas não usa ${dataDir}. ` +
        'Pare o `npm start` (Ctrl-C) ou informe DATA_DIR, e rode de novo.',
    )
    process.exit(1)
  }
  // The database (SQLite with its WAL), and a data file from before it.
  for (const name of [
    'contabil.db',
    'contabil.db-wal',
    'contabil.db-shm',
    'db.json',
    'db.json.wal',
    'db.json.migrated',
  ])
    rmSync(path.join(dataDir, name), { force: true })
  rmSync(path.join(dataDir, 'auth'), { recursive: true, force: true })
  rmSync(path.join(dataDir, 'files'), { recursive: true, force: true })
  rmSync(controlSocketOf(dataDir), { force: true })
  console.log('Dados removidos; o próximo `npm start` semeia tudo de novo a partir de fixtures/.')
}
