// Postal-code lookups (ViaCEP, same origin): used by every form with an address.
export { addressKeys } from './keys'
export {
  cepQueryOptions,
  lookupCep,
  lookupCepInputSchema,
  useCepLookup,
  type CepAddress,
} from './lookup-cep'
