import { defineConfig, devices } from '@playwright/test'
import { consentState } from './tests/e2e/support'

// Run through `npm run test:e2e` (scripts/e2e.ts), which starts the stack on free ports and sets
// E2E_BASE_URL, E2E_API_URL and E2E_AUTH_URL.
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:5173'

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ...(process.env.E2E_JSON_REPORT
      ? ([['json', { outputFile: process.env.E2E_JSON_REPORT }]] as const)
      : []),
  ],
  use: {
    baseURL,
    storageState: consentState(baseURL),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
})
