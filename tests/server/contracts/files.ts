import { randomBytes } from 'node:crypto'
import { LINK_TTL_SECONDS, signedPath } from '../../../mock-server/store/files'
import { TEST_SIGNING_SECRET } from '../harness'
import type { EndpointContract } from './types'

// Signed links in the examples are signed when a suite reads them, with the secret of the servers
// the harness starts, and last as long as the server allows: each read is a fresh link.
const ANA = 'cmp-ana-design'
const fresh = () => Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS

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
    // An upload link works once: every read names a storage key of its own.
    get example() {
      const key = `anotacoes.${randomBytes(6).toString('hex')}.json`
      return signedPath(TEST_SIGNING_SECRET, 'PUT', ANA, key, fresh())
    },
    access: 'public',
    okStatus: 201,
    body: { nota: 'Reunião com o contador na sexta.' },
  },
  {
    method: 'GET',
    route: '/files/{companyId}/{filename}',
    get example() {
      return signedPath(TEST_SIGNING_SECRET, 'GET', ANA, 'cartao-cnpj.pdf', fresh())
    },
    access: 'public',
  },
]
