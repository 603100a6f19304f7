/** The signed-in area: /app and everything below it. */
export const isAppPath = (pathname: string) => pathname === '/app' || pathname.startsWith('/app/')
