import { env } from '@/config/env'
import { createApiClient } from './client'

/** The main API (docs/product.md §7). */
export const api = createApiClient(env.apiUrl, { ownApi: true })
/** The functions API (docs/product.md §7: a second client with the same bearer token). */
export const functionsApi = createApiClient(env.functionsUrl, { ownApi: true })
/** Address and city lookups use no base URL: same origin (proxied to the service). */
export const sameOriginApi = createApiClient('')
