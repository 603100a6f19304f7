// The signed-in area's own addresses, which the painted page (src/lib/landing.ts), the `next`
// rule (src/lib/safe-next.ts) and the router's gates read alike.

/** The signed-in area. */
export const APP_PATH = '/app'
export const LOGIN_PATH = '/app/login'
