import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { DATA_FILE_REFUSED_EXIT, DataFileError } from '../../mock-server/store/data-file-error'
import { freePortBlock } from '../../scripts/ports'
import { root, ServiceRefused, startMockServer } from '../../scripts/stack'

// A data file that is not a database (`.data/contabil.db` overwritten, truncated, another file
// copied over it) stops the server before it listens, with one message in Portuguese that names
// the file and says what to do (`npm run db:reset` after keeping a copy), and the file is left
// exactly as it was.

const NOT_A_DATABASE = 'isto não é um banco de dados SQLite\n'.repeat(200)
const dirs: string[] = []
const dataFolder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-damaged-'))
  dirs.push(dir)
  const file = path.join(dir, 'contabil.db')
  writeFileSync(file, NOT_A_DATABASE)
  return { dir, file }
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const expectUntouched = (dir: string, file: string) => {
  expect(readFileSync(file, 'utf8')).toBe(NOT_A_DATABASE)
  expect(existsSync(`${file}-wal`)).toBe(false)
  expect(existsSync(`${file}-shm`)).toBe(false)
  expect(existsSync(path.join(dir, 'db.json'))).toBe(false)
}

describe('a data file that is not a database', () => {
  it('is refused by the store with the message, naming the file and npm run db:reset', () => {
    const { dir, file } = dataFolder()
    let error: unknown
    try {
      new Store(file, buildSeed, { log: () => {} })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(DataFileError)
    const message = (error as Error).message
    expect(message).toContain(file)
    expect(message).toContain('não pode ser aberto')
    expect(message).toContain('npm run db:reset')
    expect(message).toContain(`cp "${file}"`)
    expectUntouched(dir, file)
  })

  it('stops the server with that one message and no stack trace', async () => {
    const { dir, file } = dataFolder()
    const port = await freePortBlock(1)
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        MOCK_PORT: String(port),
        MOCK_DATA_DIR: dir,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(DATA_FILE_REFUSED_EXIT)
    const lines = stderr.split('\n').filter((line) => line.trim())
    expect(lines, stderr).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[mock-server\] O arquivo de dados .* não pode ser aberto/)
    expect(lines[0]).toContain(file)
    expect(lines[0]).toContain('npm run db:reset')
    expect(stderr).not.toMatch(/SQLITE_NOTADB|SqliteError|\n\s+at /)
    expect(stdout).not.toContain('http://localhost')
    expectUntouched(dir, file)
  }, 60_000)

  it('under npm start, the stack stops with the server’s message alone', async () => {
    const { dir, file } = dataFolder()
    const port = await freePortBlock(1)
    const printed: string[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void printed.push(args.join(' '))
    try {
      await expect(
        startMockServer({
          port,
          dataDir: dir,
          authPort: 1,
          webUrl: 'http://localhost:1',
          quiet: true,
        }),
      ).rejects.toBeInstanceOf(ServiceRefused)
      // The child's exit handler prints its message (the same turn that rejected, or the next).
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      console.error = original
    }
    const text = printed.join('\n')
    expect(text).toContain(`O arquivo de dados ${file} não pode ser aberto`)
    expect(text).not.toContain('exited with')
    expectUntouched(dir, file)
  }, 60_000)
})
