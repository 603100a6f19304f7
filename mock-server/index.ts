import path from 'node:path'
import { readConfig } from './config'
import { createApp } from './app'
import { listenForControl } from './control'
import { LegacyDataError } from './store/legacy'

const config = readConfig()
let created: ReturnType<typeof createApp>
try {
  // The data file is opened (or seeded from fixtures) before anything listens.
  created = createApp(config)
} catch (error) {
  if (!(error instanceof LegacyDataError)) throw error
  console.error(`[mock-server] ${error.message}`)
  process.exit(1)
}
const { app, reset, close } = created

const server = app.listen(config.port, () => {
  console.log(`[mock-server] http://localhost:${config.port} (data: ${config.dataFile})`)
})
// `npm run db:reset` reaches a running server through its data folder, not the network.
const control = await listenForControl(path.dirname(config.dataFile), { reset })

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  server.close()
  control?.close()
  await close()
  console.log(`[mock-server] stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
