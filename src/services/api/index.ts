// The API clients (docs/product.md §7): every feature's fetchers go through these.
export {
  ApiError,
  buildUrl,
  connectAuth,
  createApiClient,
  type ApiClient,
  type AuthBridge,
  type Query,
  type QueryValue,
  type RequestOptions,
} from './client'
export { api, functionsApi, sameOriginApi } from './clients'
export { showServerIssues, type IssueFields } from './server-issues'
export { saveBlob } from './save-blob'
