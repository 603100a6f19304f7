import { describe, expect, it } from 'vitest'
import {
  buildAnalysisAnswer,
  buildCancellationAnalysisRequest,
  eventRequestId,
} from '../../mock-server/formats/nfse/documents'
import { readCancellationRequest } from '../../mock-server/formats/nfse/reader'
import { validateAgainst } from '../../mock-server/formats/nfse/xsd'

// The cancellation analysis documents (mock-server/formats/nfse/documents.ts) against the
// national event schema (pedRegEvento_v1.01.xsd, tiposEventos_v1.01.xsd of
// fixtures/reference/nfse-v1.01-20260727/): the provider's e101103 with the codes 1, 2 and 9 of
// TSCodJustAnaliseFiscalCanc, and the municipality's e105104 / e105105. Their signature is
// optional in the schema; validity here is of the unsigned documents.

const KEY = '35503082245218739000102000000000007726011234567890'
const REASON = 'Serviço não foi prestado: o contrato foi desfeito antes do início'

describe('e101103, the cancellation analysis request', () => {
  for (const code of ['1', '2', '9'] as const)
    it(`with code ${code} validates and reads back`, () => {
      const xml = buildCancellationAnalysisRequest({
        accessKey: KEY,
        authorCnpj: '45218739000102',
        code,
        reason: REASON,
        at: new Date('2026-11-29T10:00:00Z'),
      })
      expect(validateAgainst('pedRegEvento', xml)).toEqual([])
      expect(xml).toContain(
        '<xDesc>Solicitação de Análise Fiscal para Cancelamento de NFS-e</xDesc>',
      )
      expect(readCancellationRequest(xml)).toMatchObject({
        id: eventRequestId(KEY, '101103'),
        type: '101103',
        authorCnpj: '45218739000102',
        accessKey: KEY,
        code,
        reason: REASON,
      })
    })

  it('a code outside the national list, or a reason under 15 characters, fails the schema', () => {
    const base = { accessKey: KEY, authorCnpj: '45218739000102', at: new Date() }
    expect(
      validateAgainst(
        'pedRegEvento',
        buildCancellationAnalysisRequest({ ...base, code: '3' as '1', reason: REASON }),
      ),
    ).not.toEqual([])
    expect(
      validateAgainst(
        'pedRegEvento',
        buildCancellationAnalysisRequest({ ...base, code: '1', reason: 'curto' }),
      ),
    ).not.toEqual([])
  })
})

describe("the municipality's answer", () => {
  it('e105104 (granted) and e105105 (refused) validate with the agent CPF as author', () => {
    for (const granted of [true, false]) {
      const xml = buildAnalysisAnswer({
        accessKey: KEY,
        granted,
        agentCpf: '52998224725',
        reason: 'Análise concluída pela fiscalização municipal',
        at: new Date('2026-11-29T10:00:00Z'),
      })
      expect(validateAgainst('pedRegEvento', xml)).toEqual([])
      expect(xml).toContain('<CPFAutor>52998224725</CPFAutor>')
      expect(xml).toContain('<CPFAgTrib>52998224725</CPFAgTrib>')
      expect(readCancellationRequest(xml)).toMatchObject({
        type: granted ? '105104' : '105105',
        code: '1',
        authorCnpj: null,
      })
    }
  })
})
