/** Query keys of the postal-code lookups (one per CEP, digits only). */
export const addressKeys = {
  all: ['address'] as const,
  cep: (cep: string) => [...addressKeys.all, 'cep', cep] as const,
}
