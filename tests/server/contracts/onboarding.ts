import type { EndpointContract } from './types'

const ANA = 'cmp-ana-design'
const BRUNO = { own: 'bruno@contabil.dev', other: 'ana@contabil.dev' }

/** The wizards: steps, track, adding a company by CNPJ, the assistant, CEP and CNPJ lookups (mock-server/routes/companies.ts, luca.ts, viacep.ts, cnpj.ts). */
export const onboardingContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/companies/{id}/steps',
    example: `/companies/${ANA}/steps`,
    access: 'company',
  },
  {
    method: 'POST',
    route: '/companies',
    example: '/companies',
    access: 'self',
    takesInput: true,
    body: { cnpj: '11.222.333/0001-81', userId: 'uid-ana' },
  },
  {
    method: 'POST',
    route: '/companies/{id}/steps/{stepId}',
    example: '/companies/cmp-bruno-tech/steps/partner-registration',
    access: 'company',
    callers: BRUNO,
    takesInput: true,
    okStatus: 200,
    body: {
      payload: {
        partners: [
          {
            name: 'Bruno Carvalho',
            cpf: '390.533.447-05',
            birthDate: '1993-08-02',
            email: 'bruno@contabil.dev',
            mobile: '+55 (21) 99876-5432',
            maritalStatus: 'married',
            propertyRegime: 'community_property',
            address: {
              zipCode: '22250-040',
              state: 'RJ',
              city: 'Rio de Janeiro',
              street: 'Praia de Botafogo',
              number: '340',
              complement: 'Apto 1202',
              neighborhood: 'Botafogo',
            },
            sharePercent: 100,
            administrator: true,
          },
        ],
      },
    },
  },
  {
    method: 'PUT',
    route: '/companies/{id}/track/{track}',
    example: '/companies/cmp-bruno-tech/track/migrate-company',
    access: 'company',
    callers: BRUNO,
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/companies/{id}/registry',
    example: `/companies/${ANA}/registry`,
    access: 'company',
  },
  {
    method: 'PUT',
    route: '/companies/{id}/cnpj',
    example: '/companies/cmp-mateus-logistica/cnpj',
    access: 'system-admin',
    takesInput: true,
    body: { cnpj: '91.102.859/0001-67' },
  },
  {
    method: 'GET',
    route: '/companies/{id}/transfer-letter',
    example: '/companies/cmp-eva-studio/transfer-letter',
    access: 'company',
    callers: { own: 'eva@contabil.dev', other: 'bruno@contabil.dev' },
  },
  {
    method: 'POST',
    route: '/luca/cnaes/match',
    example: '/luca/cnaes/match',
    access: 'signed-in',
    takesInput: true,
    body: { intent: 'vendo bolos e doces pela internet' },
    okStatus: 200,
  },
  {
    method: 'POST',
    route: '/luca/companies/alias-suggest',
    example: '/luca/companies/alias-suggest',
    access: 'signed-in',
    takesInput: true,
    body: { intent: 'conserto celulares' },
    okStatus: 200,
  },
  {
    method: 'GET',
    route: '/ws/{zip}/json/',
    example: '/ws/01310200/json/',
    access: 'public',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/api/cnpj-exists',
    example: '/api/cnpj-exists?cnpj=45.218.739/0001-02',
    access: 'public',
    takesInput: true,
  },
]
