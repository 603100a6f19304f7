// The public site's services that the signed-in area uses too (the opening wizard's activity
// picker reads the CNAE list through React Query). The public pages import their files directly.
export { cnaeQueryOptions, cnaeSearchQueryOptions, useCnae, useCnaeSearch } from './cnaes/queries'
export type { CnaeSearch } from './cnaes/api'
