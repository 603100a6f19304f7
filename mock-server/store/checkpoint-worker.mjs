// The store's checkpointer (checkpointer.ts), in a worker thread with a connection of its own:
// now and then it copies what the WAL holds into the database file (PASSIVE: it never waits for
// the server's reads or writes), so the request thread only ever appends to the WAL.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

const db = new Database(workerData.file)
db.pragma('synchronous = FULL')
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch (error) {
    // Busy or locked now: the next round does it.
    if (!['SQLITE_BUSY', 'SQLITE_LOCKED'].includes(error?.code)) throw error
  }
}
const timer = setInterval(checkpoint, workerData.everyMs)
parentPort.on('message', (message) => {
  if (message !== 'stop') return
  clearInterval(timer)
  db.close()
  parentPort.close()
})
