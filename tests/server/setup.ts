import { inject } from 'vitest'

// firebase-admin and the test harness read the emulator address from the environment.
process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('authEmulatorHost')
