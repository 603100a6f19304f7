import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config'

// Three suites: pure logic in node, components in jsdom, and the mock server in-process
// against the Auth emulator (tests/server/global-setup.ts starts the emulator and sets its env).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
            // The calendar sweeps loop over a year of days: on a busy 2-core machine, past 5 s.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'component',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx', 'tests/component/**/*.test.tsx'],
            setupFiles: ['tests/component/setup.ts'],
            // Forms typed key by key (the wizard's CNAE search) take ~5 s on a busy 2-core machine.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['mock-server/**/*.test.ts', 'tests/server/**/*.test.ts'],
            globalSetup: ['tests/server/global-setup.ts'],
            setupFiles: ['tests/server/setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
)
