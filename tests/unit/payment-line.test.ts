import { describe, expect, it } from 'vitest'
import { generateBoleto, isValidBoleto } from '@brazilian-utils/brazilian-utils'
import { digitableLineSchema } from '@/schemas/document'
import { mod10 } from '@/kernel/check-digits'
import {
  paymentLineMessages as messages,
  paymentLineProblem,
  paymentLineSchema,
} from '@/schemas/payment-line'
import { awaitingGuideSchema } from '@/schemas/steps'

// The linha digitável of a bank boleto (47 digits: three fields with a modulo-10 digit each and a
// modulo-11 general digit over the barcode — Carta-Circular BCB nº 2.926/2000) and of a collection
// slip (48 digits: four blocks with a modulo-10 or -11 digit each and a general digit, the
// barcode's 4th — FEBRABAN "Layout Padrão de Arrecadação/Recebimento com Utilização do Código de
// Barras"). Valid is what @brazilian-utils' isValidBoleto says; the messages name the rule.

// Banco do Brasil (001), R$ 1.026,56: the library's own example.
const BANK = '00190000090114971860168524522114675860000102656'
// Government segment (5), R$ 213,53; value kind 6: modulo-10 digits.
const COLLECTION_MOD10 = '856700000024135300270620026121000009000000000000'
// Government segment, R$ 123,45 to the Receita (0328); value kind 8: modulo-11 digits.
const COLLECTION_MOD11 = '858500000010234503282020611200000008000000000000'

/** The line with the digit at `position` (1-based) replaced by the next digit. */
const bump = (line: string, position: number) =>
  line.slice(0, position - 1) + ((Number(line[position - 1]) + 1) % 10) + line.slice(position)

describe('bank boleto, 47 digits — Carta-Circular BCB nº 2.926/2000', () => {
  it('takes a valid line, typed with or without dots and spaces', () => {
    expect(paymentLineProblem(BANK)).toBeNull()
    expect(paymentLineProblem('00190.00009 01149.718601 68524.522114 6 75860000102656')).toBeNull()
  })
  it('refuses one wrong digit in each field, naming the field (modulo 10)', () => {
    expect(paymentLineProblem(bump(BANK, 3))).toBe(messages.bankField(1))
    expect(paymentLineProblem(bump(BANK, 15))).toBe(messages.bankField(2))
    expect(paymentLineProblem(bump(BANK, 25))).toBe(messages.bankField(3))
  })
  it('refuses one wrong digit in the value, through the general digit (modulo 11)', () => {
    expect(paymentLineProblem(bump(BANK, 45))).toBe(messages.bankGeneral)
    expect(paymentLineProblem(bump(BANK, 33))).toBe(messages.bankGeneral)
  })
  it('refuses 47 times "1", which the old pattern let through', () =>
    expect(paymentLineProblem('1'.repeat(47))).toBe(messages.bankField(1)))
})

describe('collection slip (arrecadação), 48 digits — FEBRABAN layout', () => {
  it('takes a valid line with modulo-10 digits (3rd digit 6) and one with modulo-11 digits', () => {
    expect(COLLECTION_MOD10[2]).toBe('6')
    expect(paymentLineProblem(COLLECTION_MOD10)).toBeNull()
    expect(paymentLineProblem('85670000002-4 13530027062-0 02612100000-9 00000000000-0')).toBeNull()
    expect(paymentLineProblem(COLLECTION_MOD11)).toBeNull()
  })
  it('refuses one wrong digit in a block, naming the block and the modulus', () => {
    expect(paymentLineProblem(bump(COLLECTION_MOD10, 15))).toBe(messages.collectionBlock(2, 10))
    expect(paymentLineProblem(bump(COLLECTION_MOD10, 12))).toBe(messages.collectionBlock(1, 10))
    expect(paymentLineProblem(bump(COLLECTION_MOD11, 40))).toBe(messages.collectionBlock(4, 11))
  })
  it('refuses a line whose blocks are right but whose general digit (the 4th) is not', () => {
    // Changing the 4th digit and fixing the first block's own digit leaves only the general one.
    const block = bump(COLLECTION_MOD10, 4).slice(0, 11)
    const line = `${block}${mod10(block)}${COLLECTION_MOD10.slice(12)}`
    expect(paymentLineProblem(line)).toBe(messages.collectionGeneral(10))
  })
  it('names the product, segment and value-kind digits', () => {
    expect(paymentLineProblem(`7${COLLECTION_MOD10.slice(1)}`)).toBe(messages.collectionProduct)
    expect(paymentLineProblem(`80${COLLECTION_MOD10.slice(2)}`)).toBe(messages.collectionSegment)
    expect(paymentLineProblem(`851${COLLECTION_MOD10.slice(3)}`)).toBe(messages.collectionValueKind)
  })
  it('a guia of taxes is always a collection slip: a bank boleto is refused for it', () => {
    expect(paymentLineProblem(BANK, ['collection'])).toBe(messages.collectionLength(47))
    expect(digitableLineSchema.safeParse(COLLECTION_MOD10)).toMatchObject({
      success: true,
      data: COLLECTION_MOD10,
    })
  })
})

describe('what any line must be', () => {
  it('47 or 48 digits', () => {
    expect(paymentLineProblem('123')).toBe(messages.length(3))
    expect(paymentLineProblem(`${BANK}0`.slice(0, 46))).toBe(messages.length(46))
  })
  it('digits only (spaces, dots and dashes allowed)', () =>
    expect(paymentLineProblem(`${BANK.slice(0, 46)}x`)).toBe(messages.characters))
  it('is required, with the message that says so', () =>
    expect(paymentLineSchema().safeParse('  ').error?.issues[0]?.message).toBe(messages.missing))
})

describe('the explanation agrees with isValidBoleto', () => {
  it('on random valid lines and every one-digit change of them', () => {
    for (let round = 0; round < 40; round++)
      for (const type of ['bancario', 'arrecadacao'] as const) {
        const line = generateBoleto({ type })
        expect(paymentLineProblem(line), line).toBeNull()
        for (let position = 1; position <= line.length; position++) {
          const changed = bump(line, position)
          const problem = paymentLineProblem(changed)
          // Modulo 11 maps two remainders to one digit, so a rare change keeps the line valid:
          // then the library and the explanation both take it.
          expect(problem === null, changed).toBe(isValidBoleto(changed))
          if (problem) expect(problem, changed).not.toBe(messages.invalid)
        }
      }
  })
})

describe('the registration-fee guide takes either kind, by its check digits', () => {
  const guide = (barcode: string) => ({
    guide: { fileName: 'guia.pdf', amount: 213.53, dueDate: '2026-12-10', barcode },
  })
  it('a bank boleto or a collection slip, kept as digits', () => {
    expect(awaitingGuideSchema.parse(guide(BANK)).guide.barcode).toBe(BANK)
    expect(
      awaitingGuideSchema.parse(guide('85670000002-4 13530027062-0 02612100000-9 00000000000-0'))
        .guide.barcode,
    ).toBe(COLLECTION_MOD10)
  })
  it('one wrong digit is refused at the barcode, naming the rule', () => {
    const result = awaitingGuideSchema.safeParse(guide(bump(COLLECTION_MOD10, 15)))
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['guide', 'barcode'],
        message: messages.collectionBlock(2, 10),
      }),
    ])
  })
})
