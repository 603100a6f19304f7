// Half of an import circle (with second.ts): `npm run lint` must refuse it (import-x/no-cycle).
// eslint.config.js leaves this folder out of `eslint .`; tests/unit/lint-habits.test.ts lints it.
import { second } from './second'

export const first = () => second() + 1
