import { readConfig } from './config'
import { createApp } from './app'

const config = readConfig()
const { app, store, close } = createApp(config)
// Make sure the data file exists from the first start on (seeded from fixtures).
await store.commit()

const server = app.listen(config.port, () => {
  console.log(`[mock-server] http://localhost:${config.port} (data: ${config.dataFile})`)
})

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  server.close()
  await close()
  console.log(`[mock-server] stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
