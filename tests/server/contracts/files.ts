import { readConfig } from '../../../mock-server/config'
import { signedPath } from '../../../mock-server/core/files'
import type { EndpointContract } from './types'

// Signed links in the examples last until 2100, signed with this machine's configured secret
// (tests and benches run with the default one).
const FAR = 4_102_444_800
const secret = readConfig().signingSecret
const ANA = 'cmp-ana-design'

/** Signed upload/download links and the files behind them (mock-server/routes/files.ts). */
export const filesContracts: EndpointContract[] = [
  {
    method: 'GET',
    route: '/upload/{filename}',
    example: `/upload/contrato-social.pdf?companyId=${ANA}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'GET',
    route: '/download/{filename}',
    example: `/download/cartao-cnpj.pdf?companyId=${ANA}`,
    access: 'company',
    takesInput: true,
  },
  {
    method: 'PUT',
    route: '/files/{companyId}/{filename}',
    example: signedPath(secret, 'PUT', ANA, 'anotacoes.json', FAR),
    access: 'public',
    okStatus: 201,
    body: { nota: 'Reunião com o contador na sexta.' },
  },
  {
    method: 'GET',
    route: '/files/{companyId}/{filename}',
    example: signedPath(secret, 'GET', ANA, 'cartao-cnpj.pdf', FAR),
    access: 'public',
  },
]
