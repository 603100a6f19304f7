// The other half of the circle of first.ts.
import { first } from './first'

export const second = (): number => (Math.random() > 2 ? first() : 0)
