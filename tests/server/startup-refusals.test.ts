import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MIN_SIGNING_SECRET_BYTES, readConfig, StartupError } from '../../mock-server/config'
import {
  LegacyDataError,
  MAX_LEGACY_SNAPSHOT_BYTES,
  readLegacyData,
} from '../../mock-server/store/legacy'
import { root } from '../../scripts/stack'
import { DATA_FILE_REFUSED_EXIT } from '../../mock-server/store/data-file-error'
import { vaultKeyOf } from '../../mock-server/vault-key'

// What the server cannot start with is refused with one clear pt-BR message, and the
// server stops without a stack trace: an old data folder (db.json) whose log is huge or not the
// old store's, whose snapshot is larger than the import takes, or whose records their schemas do
// not accept; a signing secret shorter than 32 bytes; a certificates vault it cannot open.

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-startup-'))
  folders.push(dir)
  return dir
}

const HEADER = '0badc0de {"generation":"g"}\n'
/** A record as the old store kept it: an invite of the fixtures. */
const invite = (
  JSON.parse(readFileSync(path.join(root, 'fixtures/invites.json'), 'utf8')) as {
    id: string
  }[]
)[0]!

/** An old data folder with this snapshot (JSON text or a value) and log. */
function oldFolder(snapshot: unknown, log: string | null = HEADER) {
  const dir = tempDir()
  writeFileSync(
    path.join(dir, 'db.json'),
    typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot),
  )
  if (log !== null) writeFileSync(path.join(dir, 'db.json.wal'), log)
  return dir
}

/** The refusal of a folder: its message, which names `npm run db:reset` and the reason. */
function refusalOf(dir: string): string {
  try {
    readLegacyData(dir)
  } catch (error) {
    expect(error).toBeInstanceOf(LegacyDataError)
    expect(error).toBeInstanceOf(StartupError)
    const { message } = error as Error
    expect(message).toContain('é de uma versão anterior do servidor simulado')
    expect(message).toContain('Rode `npm run db:reset`')
    return message
  }
  throw new Error('the folder was imported')
}

describe('an old data folder (db.json)', () => {
  it('is still imported when it is well formed', () => {
    expect(readLegacyData(oldFolder({ invites: [invite], _store: { seq: 1 } }))).toEqual({
      invites: [invite],
    })
  })

  it('is refused when its log is huge, without reading it whole', () => {
    const change = `0badc0de {"s":1,"o":[${'0,'.repeat(500)}0]}\n`
    const dir = oldFolder({ invites: [] }, HEADER + change.repeat(2_000))
    expect(refusalOf(dir)).toContain('db.json.wal tem alterações que esta versão não lê')
  })

  it('is refused when its log is not the old store’s', () => {
    for (const log of [
      'lixo\n',
      '{"generation":"g"}\n',
      '0badc0de não-json\n',
      '\u0000\u0001\u0002',
    ])
      expect(refusalOf(oldFolder({ invites: [] }, log)), log).toContain(
        'db.json.wal não é um registro do servidor simulado',
      )
  })

  it('is refused when its snapshot is larger than the import takes', () => {
    const dir = oldFolder({ invites: [] })
    // A sparse file: its size says it all, nothing is read.
    truncateSync(path.join(dir, 'db.json'), MAX_LEGACY_SNAPSHOT_BYTES + 1)
    expect(refusalOf(dir)).toContain('MB que esta versão importa')
  })

  it('is refused, naming the record, when a record is malformed', () => {
    const cases: [unknown, string][] = [
      [{ invites: [invite, { id: 'inv-2' }] }, 'o registro 2 de invites não é válido'],
      [{ invites: ['texto'] }, 'o registro 1 de invites não é válido'],
      [
        { invites: [{ ...invite, status: 'talvez' }] },
        'o registro 1 de invites não é válido (status:',
      ],
      [{ companies: [null] }, 'o registro 1 de companies não é válido'],
      [{ invites: [invite, invite] }, `invites tem dois registros com a chave ${invite.id}`],
      [{ invites: {} }, 'invites não é uma lista'],
      ['{"invites": [', 'db.json não é um JSON válido'],
      [[], 'db.json não tem as coleções esperadas'],
    ]
    for (const [snapshot, reason] of cases)
      expect(refusalOf(oldFolder(snapshot)), reason).toContain(reason)
  })
})

describe('the signing secret', () => {
  it(`is refused under ${MIN_SIGNING_SECRET_BYTES} bytes, with a message saying how to make one`, () => {
    const env = (secret: string) => ({ MOCK_DATA_DIR: tempDir(), MOCK_SIGNING_SECRET: secret })
    for (const secret of ['segredo', 'a'.repeat(31), 'çãõ'.repeat(5)])
      expect(() => readConfig(env(secret)), secret).toThrow(StartupError)
    expect(() => readConfig(env('curto'))).toThrow(
      /MOCK_SIGNING_SECRET tem 5 bytes: .* pelo menos 32 bytes/,
    )
    expect(readConfig(env('b'.repeat(32))).signingSecret).toBe('b'.repeat(32))
    // Without it, the data folder's own secret (32 random bytes).
    expect(readConfig({ MOCK_DATA_DIR: tempDir() }).signingSecret).toMatch(/^[\w-]{43}$/)
  })
})

/** The server started as `npm start` does, until it exits: its code and what it printed. */
function startServer(env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'mock-server/index.ts')],
      {
        cwd: root,
        env: { ...process.env, MOCK_PORT: '1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', ...env },
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

describe('the server, given either', () => {
  it('prints the one message and stops, without a stack trace', async () => {
    const bad = oldFolder({ invites: [{ id: 'inv-2' }] })
    const legacy = await startServer({ MOCK_DATA_DIR: bad, MOCK_SIGNING_SECRET: '' })
    expect(legacy.code).toBe(DATA_FILE_REFUSED_EXIT)
    expect(legacy.output).toContain('o registro 1 de invites não é válido')
    expect(legacy.output).not.toMatch(/\n\s+at /)
    // Nothing was written: the next start, after db:reset, begins from a clean folder.
    expect(existsSync(path.join(bad, 'contabil.db'))).toBe(false)

    const secret = await startServer({ MOCK_DATA_DIR: tempDir(), MOCK_SIGNING_SECRET: 'curto' })
    expect(secret.code).toBe(DATA_FILE_REFUSED_EXIT)
    expect(secret.output).toContain('MOCK_SIGNING_SECRET tem 5 bytes')
    expect(secret.output).not.toMatch(/\n\s+at /)
  }, 120_000)

  it('a data folder whose certificates vault this machine cannot open: says what to do', async () => {
    // A folder whose vault was opened with a key kept elsewhere (another user, another machine).
    const copied = tempDir()
    vaultKeyOf({ dataDir: copied, vaultKeyDir: tempDir(), vaultSecret: null })
    const here = tempDir()
    const locked = await startServer({ MOCK_DATA_DIR: copied, MOCK_VAULT_KEY_DIR: here })
    expect(locked.code).toBe(DATA_FILE_REFUSED_EXIT)
    expect(locked.output).toContain('não está aqui')
    expect(locked.output).toContain('MOCK_VAULT_KEY')
    expect(locked.output).not.toMatch(/\n\s+at /)
    // Stopped before opening the data file or drawing a key here.
    expect(existsSync(path.join(copied, 'contabil.db'))).toBe(false)
    expect(existsSync(path.join(here, 'certificate-vault-key'))).toBe(false)
  }, 120_000)
})
