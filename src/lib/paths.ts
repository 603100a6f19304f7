/** The signed-in area: /app and everything below it (src/lib/landing.ts). */
export { isAppPath } from './landing'
