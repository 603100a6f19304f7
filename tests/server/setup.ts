import { inject } from 'vitest'

// firebase-admin and the test harness read the emulator address from the environment.
process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost')
// The servers of the suite share one local test PKI (drawn once: RSA keys are slow to make).
process.env.MOCK_TEST_PKI_DIR = inject('testPkiDir')
// …and keep their certificates' vault key in a folder of the run's, not in the user's home.
process.env.MOCK_VAULT_KEY_DIR = inject('vaultKeyDir')
