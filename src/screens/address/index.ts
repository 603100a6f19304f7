// The address's fields in a form (CEP lookup, masks), for every form that asks for an address:
// apart from src/screens/shared, so that the screens showing a company load no form library.
export {
  AddressFields,
  addressValuesOf,
  emptyAddressValues,
  type AddressFormValues,
} from './AddressFields'
