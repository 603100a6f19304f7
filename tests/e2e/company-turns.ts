import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from '@playwright/test'
import lockfile from 'proper-lockfile'
import { reseedCompany } from './onboarding/support'

// Two spec files in different workers that reseed the same demo company and change its month or
// year would undo each other's steps (the month close's reseed wiping the DEFIS the year-end
// spec just saved). A file that does calls `takeTurnsWith(companyId)` at its top: it holds the
// company for the whole file — reseeded when it starts and when it ends — while another file that
// wants it waits. The lock files live in the run's folder (scripts/e2e.ts), so two runs on one
// machine never wait for each other.

const lockFolder = process.env.E2E_MOCK_DATA_DIR
  ? path.dirname(process.env.E2E_MOCK_DATA_DIR)
  : os.tmpdir()

/** How long a file may wait for another to finish with the company (a whole spec's length). */
const WAIT_MS = 25 * 60_000

export function takeTurnsWith(companyId: string) {
  let release: (() => Promise<void>) | undefined
  test.beforeAll(async () => {
    test.setTimeout(WAIT_MS + 60_000)
    const file = path.join(lockFolder, `company-${companyId}.lock`)
    writeFileSync(file, '', { flag: 'a' })
    release = await lockfile.lock(file, {
      retries: { retries: WAIT_MS / 500, minTimeout: 500, maxTimeout: 500, factor: 1 },
      // A worker that died holding it: taken over once its mark is this old.
      stale: 60_000,
    })
    await reseedCompany(companyId)
  })
  test.afterAll(async () => {
    try {
      await reseedCompany(companyId)
    } finally {
      await release?.()
    }
  })
}
