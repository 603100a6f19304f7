import { describe, expect, it } from 'vitest'
import {
  analysisPending,
  awaitingReceita,
  cancellationUnsettled,
  nfsRequestActions,
} from '@/machines/nfs-request'
import type { NfsRequest } from '@/schemas/invoice'

// What the back office offers on an issued national NFS-e (src/machines/nfs-request.ts): cancel
// and substitute, except while a cancellation analysis waits for the municipality — the server
// refuses both then (Anexo I, E0068) — or while a cancellation sent is not confirmed yet
// (mock-server/domain/invoices/nfse/cancellation.ts); the buttons come from the same helpers.

const analysis = (
  status: 'sending' | 'unconfirmed' | 'requested' | 'granted' | 'refused',
): NfsRequest['cancellationAnalysis'] => ({
  status,
  code: '2',
  reason: 'Serviço não prestado: contrato desfeito',
  requestedAt: '2026-11-02T13:00:00.000Z',
  sequence: 1,
  answeredAt: null,
  answer: null,
  answerProblem: null,
})
const issued = { status: 'issued' as const, accessKey: '3'.repeat(50) }

describe('nfsRequestActions and a cancellation analysis', () => {
  it('offers cancel and substitute with no analysis, or after a refused one', () => {
    for (const cancellationAnalysis of [null, analysis('refused')]) {
      expect(analysisPending({ cancellationAnalysis })).toBe(false)
      expect(nfsRequestActions({ ...issued, cancellationAnalysis })).toEqual([
        'cancel',
        'substitute',
      ])
    }
  })

  it('offers neither while the analysis is being sent or waits for the municipality', () => {
    for (const status of ['sending', 'unconfirmed', 'requested'] as const) {
      const cancellationAnalysis = analysis(status)
      expect(analysisPending({ cancellationAnalysis })).toBe(true)
      expect(nfsRequestActions({ ...issued, cancellationAnalysis })).toEqual([])
    }
  })

  it('offers neither on a manual NFS-e (no national key)', () => {
    expect(nfsRequestActions({ ...issued, accessKey: null, cancellationAnalysis: null })).toEqual(
      [],
    )
  })

  it('offers neither while a cancellation sent is unsettled', () => {
    for (const status of ['sending', 'unconfirmed'] as const) {
      const cancellationSending = {
        status,
        code: '1' as const,
        reason: 'Valor do serviço informado errado',
        requestedAt: '2026-11-02T13:00:00.000Z',
        by: 'admin',
        problem: null,
      }
      expect(cancellationUnsettled({ cancellationSending })).toBe(true)
      expect(
        nfsRequestActions({ ...issued, cancellationAnalysis: null, cancellationSending }),
      ).toEqual([])
    }
    expect(cancellationUnsettled({ cancellationSending: null })).toBe(false)
  })

  // What the screens keep asking the server about (src/services/invoices/get-request.ts): only
  // what the Receita has not confirmed yet, never a municipality's answer that may take weeks.
  it('awaits the Receita for an issuance, a cancellation or an analysis sent and unconfirmed', () => {
    const sending = {
      status: 'unconfirmed' as const,
      code: '1' as const,
      reason: 'Valor do serviço informado errado',
      requestedAt: '2026-11-02T13:00:00.000Z',
      by: 'admin',
      problem: null,
    }
    expect(awaitingReceita({ status: 'awaiting' })).toBe(true)
    expect(awaitingReceita({ status: 'issued', cancellationSending: sending })).toBe(true)
    for (const status of ['sending', 'unconfirmed'] as const)
      expect(awaitingReceita({ status: 'issued', cancellationAnalysis: analysis(status) })).toBe(
        true,
      )
    for (const status of ['requested', 'granted', 'refused'] as const)
      expect(awaitingReceita({ status: 'issued', cancellationAnalysis: analysis(status) })).toBe(
        false,
      )
    expect(
      awaitingReceita({ status: 'issued', cancellationSending: null, cancellationAnalysis: null }),
    ).toBe(false)
  })
})
