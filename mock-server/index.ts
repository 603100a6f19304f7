import path from 'node:path'
import { readConfig, StartupError, type ServerConfig } from './config'
import { createApp } from './app'
import { listenForControl } from './control'
import { isLoopbackHost, listenOn, wideOpenWarning } from './network'
import { makePrivate, PRIVATE_UMASK } from './private-files'
import { vaultKeyOf } from './vault-key'
import { refreshSelic, SELIC_REREAD_MS } from './domain/simples/selic'
import { bancoCentralBaseUrl } from './routes/selic'
import { todayInBrazil } from '../src/kernel/dates'
import { DATA_FILE_REFUSED_EXIT } from './store/data-file-error'

// Everything this process creates (data file, log, uploads) is readable by its owner only, and
// what an older version left in the data folder readable by all is made private now.
process.umask(PRIVATE_UMASK)

let config: ServerConfig
let created: ReturnType<typeof createApp>
try {
  config = readConfig()
  makePrivate(config.dataDir)
  // The certificates' vault opened (its key outside the data folder): one that this machine
  // cannot open stops the start with what to do, before anything is sealed with another key.
  vaultKeyOf(config)
  // The data file is opened (or seeded from fixtures) before anything listens.
  created = createApp(config)
} catch (error) {
  // A setting or a data folder it cannot start with (an old format with changes, a file that is
  // not a database): one message saying what to do, and the files left as they are.
  if (!(error instanceof StartupError)) throw error
  console.error(`[mock-server] ${error.message}`)
  process.exit(DATA_FILE_REFUSED_EXIT)
}
const { app, store, reset, close } = created

const listening = await listenOn(app, config.port, config.hosts)
const wide = config.hosts.filter((host) => !isLoopbackHost(host))
if (wide.length > 0) console.warn(`[mock-server] ${wideOpenWarning(wide.join(', '))}`)
console.log(
  `[mock-server] http://localhost:${config.port} on ${config.hosts.join(', ')} (data: ${config.dataFile})`,
)
// The monthly Selic is read from the Banco Central (its stand-in here by default) once listening,
// and again every day: only a late payment's juros use it, from the months stored (a month close
// reads none). A failure keeps the months the data folder has and is shown on the back office's
// Selic page, where the accountant may also read the series again at once.
const loopback =
  config.hosts.includes('::1') && !config.hosts.includes('127.0.0.1') ? '[::1]' : '127.0.0.1'
const readSelic = () =>
  void refreshSelic(
    store,
    bancoCentralBaseUrl(config, undefined, `http://${loopback}:${config.port}`),
    todayInBrazil(),
  ).then((read) => {
    if (!read.ok) console.warn(`[mock-server] ${read.message}`)
  })
readSelic()
const selicDaily = setInterval(readSelic, SELIC_REREAD_MS).unref()
// `npm run db:reset` reaches a running server through its data folder, not the network.
const control = await listenForControl(path.dirname(config.dataFile), { reset })

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  clearInterval(selicDaily)
  void listening.close()
  control?.close()
  await close()
  console.log(`[mock-server] stopped (${signal})`)
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
