import { pkcs12Of } from '../../../mock-server/formats/nfse/certificates'
import { testPki } from '../../../mock-server/stand-ins/sefin-nacional/test-pki'
import { buildSeed } from '../../../mock-server/seed/index'
import { nationalSeedTarget } from '../../../mock-server/seed/nfse'
import type { EndpointContract } from './types'

// The national NFS-e (mock-server/routes/nfs-requests.ts: dps, issue, nfse, danfse, cancel;
// routes/certificates.ts; the national API's stand-in is not the API's: stand-ins/sefin-nacional/). The examples
// that carry a certificate or a signed document make them from the run's local test PKI (the
// one the servers trust), never from committed keys.

const OWN = 'companyId=cmp-ana-design'
const ANA = { id: 'cmp-ana-design', name: 'Ana Design Ltda', cnpj: '45218739000102' }
export const CERTIFICATE_PASSWORD = 'senha-do-certificado'

const pki = () => {
  const dir = process.env.MOCK_TEST_PKI_DIR
  if (!dir) throw new Error('MOCK_TEST_PKI_DIR is not set (tests/server/setup.ts)')
  return testPki(dir)
}
const anaPems = () => pki().certificateOf(ANA)

/** The seed's invoice issued through the national system (its request and access key). */
let seeded: NonNullable<ReturnType<typeof nationalSeedTarget>> | undefined
export function seededNational() {
  if (!seeded) {
    const seed = buildSeed()
    const target = nationalSeedTarget(seed.companies, seed.nfsRequests)
    if (!target) throw new Error('the seed has no invoice issued through the national system')
    seeded = target
  }
  return seeded
}

export const nfseContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/companies/{id}/certificate',
    example: '/companies/cmp-ana-design/certificate',
    access: 'company',
  },
  {
    method: 'PUT',
    route: '/companies/{id}/certificate',
    example: '/companies/cmp-ana-design/certificate',
    access: 'company',
    takesInput: true,
    multipart: {
      field: 'file',
      filename: 'ana-design.pfx',
      contentType: 'application/x-pkcs12',
      file: () => pkcs12Of(anaPems(), CERTIFICATE_PASSWORD),
      fields: { password: CERTIFICATE_PASSWORD },
    },
  },
  {
    method: 'DELETE',
    route: '/companies/{id}/certificate',
    example: '/companies/cmp-ana-design/certificate',
    access: 'company',
    okStatus: 204,
  },
  {
    method: 'GET',
    route: '/nfs/requests/{id}/dps',
    example: `/nfs/requests/nfs-ana-aguardando/dps?${OWN}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/nfs/requests/{id}/issue',
    example: '/nfs/requests/nfs-ana-aguardando/issue',
    access: 'system-admin',
    okStatus: 200,
  },
  {
    method: 'GET',
    route: '/nfs/requests/{id}/nfse',
    get example() {
      return `/nfs/requests/${seededNational().request.id}/nfse?${OWN}`
    },
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/nfs/requests/{id}/danfse',
    get example() {
      return `/nfs/requests/${seededNational().request.id}/danfse?${OWN}`
    },
    access: 'company',
    takesInput: true,
  },
  {
    method: 'POST',
    route: '/nfs/requests/{id}/cancel',
    get example() {
      return `/nfs/requests/${seededNational().request.id}/cancel`
    },
    access: 'system-admin',
    okStatus: 200,
    takesInput: true,
    body: { code: '1', reason: 'Valor do serviço informado errado' },
  },
  {
    method: 'POST',
    route: '/nfs/requests/{id}/cancellation-analysis',
    get example() {
      return `/nfs/requests/${seededNational().request.id}/cancellation-analysis`
    },
    access: 'system-admin',
    // The seeded NFS-e is inside its cancellation deadline: the allowed caller reaches the
    // command, which refuses before sending (tests/server/nfse-cancellation-analysis.test.ts
    // covers the request past the deadline).
    okStatus: 409,
    takesInput: true,
    body: { code: '1', reason: 'Valor do serviço informado errado' },
  },
  {
    method: 'POST',
    route: '/nfs/requests/{id}/substitute',
    get example() {
      return `/nfs/requests/${seededNational().request.id}/substitute`
    },
    access: 'system-admin',
    okStatus: 200,
    takesInput: true,
    body: { code: '99', reason: 'Valor do serviço informado errado na nota original' },
  },
]
