import { rmSync } from 'node:fs'
import path from 'node:path'
import { root } from './stack'

// `npm run db:reset`: back to the fixtures. With the stack running, the mock server reseeds its
// data file and the emulator's accounts; otherwise the saved state is removed and the next
// `npm start` seeds it again.
const mockUrl = `http://localhost:${process.env.MOCK_PORT ?? 3000}`
const running = await fetch(`${mockUrl}/health`).then(
  (r) => r.ok,
  () => false,
)
if (running) {
  const response = await fetch(`${mockUrl}/__reset`, { method: 'POST' })
  if (!response.ok) throw new Error(`reset failed: ${response.status} ${await response.text()}`)
  console.log('Dados e contas de demonstração restaurados (serviços em execução).')
} else {
  const dataDir = path.join(root, '.data')
  rmSync(path.join(dataDir, 'db.json'), { force: true })
  rmSync(path.join(dataDir, 'db.json.wal'), { force: true })
  rmSync(path.join(dataDir, 'auth'), { recursive: true, force: true })
  rmSync(path.join(dataDir, 'files'), { recursive: true, force: true })
  console.log('Dados removidos; o próximo `npm start` semeia tudo de novo a partir de fixtures/.')
}
