import { describe, expect, it } from 'vitest'
import { changeAuthor, requestOrigin } from '@/screens/back-office/nf-request-origin'

// The back office's request page says who a request comes from and who moved it
// (src/screens/back-office/nf-request-origin.ts): a substitute is the accountant's, every change
// of it too, though its author is the one who created it.

const asked = { createdBy: 'uid-ana', schedulerId: null, substitutes: null }
const scheduled = { ...asked, schedulerId: 'sch-ana-1' }
const substitute = { createdBy: 'uid-admin', schedulerId: null, substitutes: 'nfs-ana-76' }

describe('who a request of NFS-e comes from', () => {
  it('a client’s request, their monthly schedule, or the accountant’s substitution', () => {
    expect(requestOrigin(asked)).toBe('Pedido do cliente')
    expect(requestOrigin(scheduled)).toBe('Agendamento mensal do cliente')
    expect(requestOrigin(substitute)).toBe('Substituição feita pela contabilidade')
  })
  it('a change by the client who asked is the client’s; any other, and every change of a substitute, the accountant’s', () => {
    expect(changeAuthor(asked, 'uid-ana')).toBe('Cliente')
    expect(changeAuthor(asked, 'uid-admin')).toBe('Contabilidade')
    expect(changeAuthor(substitute, 'uid-admin')).toBe('Contabilidade')
  })
})
