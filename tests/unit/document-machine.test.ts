import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  documentAfter,
  documentEventFor,
  documentMachine,
  documentMove,
  documentMovesFor,
} from '../../src/machines/document'

// The document statechart (src/machines/document.ts) driven directly: a guia goes pending → paid
// (the company or the accountant), any other document pending → approved | rejected (with a
// reason) and rejected → pending, by the accountant only; nothing else moves.

describe('the document statechart', () => {
  it('a guia is paid by the company, and paid is where it stays', () => {
    const actor = createActor(documentMachine, { input: { type: 'guia' } }).start()
    expect(actor.getSnapshot().value).toBe('pending')
    actor.send({ type: 'document.approve', by: 'accountant' })
    expect(actor.getSnapshot().value).toBe('pending')
    actor.send({ type: 'guide.pay', by: 'company' })
    expect(actor.getSnapshot().value).toBe('paid')
    actor.send({ type: 'document.reopen', by: 'accountant' })
    expect(actor.getSnapshot().value).toBe('paid')
    actor.stop()
  })

  it('another document is rejected with a reason, reopened and approved by the accountant', () => {
    const actor = createActor(documentMachine, { input: { type: 'contrato-social' } }).start()
    actor.send({ type: 'guide.pay', by: 'accountant' })
    expect(actor.getSnapshot().value).toBe('pending')
    actor.send({ type: 'document.approve', by: 'company' })
    expect(actor.getSnapshot().value).toBe('pending')
    actor.send({ type: 'document.reject', by: 'accountant', reason: '   ' })
    expect(actor.getSnapshot().value).toBe('pending')
    actor.send({ type: 'document.reject', by: 'accountant', reason: 'Ilegível' })
    expect(actor.getSnapshot().value).toBe('rejected')
    actor.send({ type: 'document.reopen', by: 'company' })
    expect(actor.getSnapshot().value).toBe('rejected')
    actor.send({ type: 'document.reopen', by: 'accountant' })
    expect(actor.getSnapshot().value).toBe('pending')
    actor.send({ type: 'document.approve', by: 'accountant' })
    expect(actor.getSnapshot().value).toBe('approved')
    actor.send({ type: 'document.reject', by: 'accountant', reason: 'Tarde demais' })
    expect(actor.getSnapshot().value).toBe('approved')
    actor.stop()
  })

  it('tells a move refused from a move that is the accountant’s (the server’s 409 and 403)', () => {
    const pendingGuide = { type: 'guia', status: 'pending' } as const
    expect(documentMove(pendingGuide, 'paid', 'company')).toBe('moves')
    expect(documentMove(pendingGuide, 'approved', 'accountant')).toBe('not-allowed')
    const pending = { type: 'outros', status: 'pending' } as const
    expect(documentMove(pending, 'approved', 'company')).toBe('accountant-only')
    expect(documentMove(pending, 'approved', 'accountant')).toBe('moves')
    expect(documentMove(pending, 'paid', 'accountant')).toBe('not-allowed')
    expect(documentMove({ type: 'outros', status: 'approved' }, 'pending', 'accountant')).toBe(
      'not-allowed',
    )
    expect(
      documentAfter(pending, documentEventFor('rejected', 'accountant', 'Falta a assinatura')),
    ).toBe('rejected')
    expect(documentAfter(pending, documentEventFor('rejected', 'accountant', ''))).toBe('pending')
  })

  it('gives each actor the buttons of a document where it is', () => {
    expect(documentMovesFor({ type: 'guia', status: 'pending' }, 'company')).toEqual(['paid'])
    expect(documentMovesFor({ type: 'guia', status: 'paid' }, 'accountant')).toEqual([])
    expect(documentMovesFor({ type: 'outros', status: 'pending' }, 'company')).toEqual([])
    expect(documentMovesFor({ type: 'outros', status: 'pending' }, 'accountant')).toEqual([
      'approved',
      'rejected',
    ])
    expect(documentMovesFor({ type: 'outros', status: 'rejected' }, 'accountant')).toEqual([
      'pending',
    ])
  })
})
