import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  dayNumber,
  GUIDE_WINDOW_DAYS,
  INVOICE_WINDOW_DAYS,
  reconcile,
  resolveClaims,
  TAX_WORDS,
  type CategoryKind,
  type EngineGuide,
  type EngineInput,
  type EngineInvoice,
  type EngineLine,
} from '../../mock-server/domain/bank/reconciliation/rules'
import { engineInvoiceOf } from '../../mock-server/domain/bank/reconciliation/inputs'
import { barcodeOfSlipLine, readMemo } from '../../mock-server/domain/bank/reconciliation/memo'
import { nationalFieldsUnset, type NfsRequest } from '../../src/schemas/invoice'
import { amountDueOf } from '../../src/schemas/reconciliation'

// The matching rules of bank reconciliation (mock-server/domain/bank/reconciliation/rules.ts,
// docs/decisions.md "Bank reconciliation") on hand-built statements, invoices and guides: each
// rule, each tie-break, and a property — no invoice or guide is matched twice, and every automatic
// match satisfies rule 1 or rule 3.

const COMPANY = { document: '45218739000102', name: 'Ana Design Ltda' }
const PADARIA = '30872299000135' // 30.872.299/0001-35
const SORRISO = '56878901000135' // 56.878.901/0001-35
const MARIANA = '71352439948' // 713.524.399-48

const categories = new Map<string, CategoryKind>([
  ['receitas-servicos', 'income'],
  ['receitas-financeiras', 'income'],
  ['transferencias-entre-contas', 'transfer'],
  ['aporte-socios', 'transfer'],
  ['impostos-das', 'tax'],
])

let seq = 0
const line = (over: Partial<EngineLine> & Pick<EngineLine, 'date' | 'cents'>): EngineLine => ({
  id: `t${++seq}`,
  type: over.cents > 0 ? 'CREDIT' : 'DEBIT',
  memo: '',
  categoryId: null,
  dismissed: [],
  ...over,
})

const invoice = (
  over: Partial<EngineInvoice> & Pick<EngineInvoice, 'id' | 'date'> & { cents: number },
): EngineInvoice => {
  const { cents, ...rest } = over
  return {
    number: null,
    accessKey: null,
    takerDocument: PADARIA,
    issuedOn: over.date,
    total: cents,
    due: { min: cents, max: cents },
    withheld: false,
    ...rest,
  }
}

const guide = (over: Partial<EngineGuide> & Pick<EngineGuide, 'id' | 'dueDate' | 'cents'>) => ({
  kind: 'DAS',
  line: null,
  ...over,
})

const run = (input: Partial<EngineInput>) =>
  reconcile({
    company: COMPANY,
    lines: [],
    invoices: [],
    guides: [],
    categoryKinds: categories,
    ...input,
  })

describe('what a memo names (readMemo)', () => {
  it('reads a CNPJ or a CPF with or without its mask, and only with valid check digits', () => {
    expect(readMemo('PIX RECEBIDO - PADARIA PAO DOURADO - 30.872.299/0001-35').documents).toEqual([
      PADARIA,
    ])
    expect(readMemo('TED 30872299000135 PADARIA').documents).toEqual([PADARIA])
    expect(readMemo('PIX RECEBIDO MARIANA 713.524.399-48').documents).toEqual([MARIANA])
    expect(readMemo('PIX RECEBIDO 71352439948').documents).toEqual([MARIANA])
    // A wrong check digit is not a document (a phone number, an order number).
    expect(readMemo('PIX 30.872.299/0001-36 PEDIDO 11987654321').documents).toEqual([])
  })

  it('reads an alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
    expect(readMemo('PIX RECEBIDO 12.ABC.345/01DE-35').documents).toEqual(['12ABC34501DE35'])
  })

  it('reads NFS-e numbers only after "NF", "NFS-e", "NOTA" and the like, leading zeros gone', () => {
    expect(readMemo('PAGTO NF 000123').numbers).toEqual([123])
    expect(readMemo('PIX REF NFS-e nº 45').numbers).toEqual([45])
    expect(readMemo('TED NOTA FISCAL 77 E NF 78').numbers).toEqual([77, 78])
    expect(readMemo('PIX RECEBIDO 03/11 LOJA 12').numbers).toEqual([])
  })

  it('reads a 50-digit access key and a 48-digit line typed in blocks', () => {
    const key = '3550308226800000000000000000000000000000123456789'.padEnd(50, '7')
    expect(readMemo(`PIX NFS${key}`).accessKeys).toEqual([key])
    // An alphanumeric CNPJ's key (its letters in the CNPJ's place) is read too, not its CNPJ.
    const alphanumeric = '43149022212ABC34501DE35000000000000126111234567899'
    expect(readMemo(`pix nfs${alphanumeric}`)).toMatchObject({
      accessKeys: [alphanumeric],
      documents: [],
    })
    const slip = '858900000131561803285527712592561680560586578957'
    const typed = `${slip.slice(0, 12)} ${slip.slice(12, 24)} ${slip.slice(24, 36)} ${slip.slice(36)}`
    expect(readMemo(`PAGAMENTO ${typed}`).slipDigits).toEqual([slip])
    expect(barcodeOfSlipLine(slip)).toHaveLength(44)
  })
})

describe('rule 1: a reference, the amount the taker pays, from the service date to 90 days after', () => {
  it('matches a credit naming the taker’s CNPJ by itself', () => {
    const credit = line({
      date: '2026-10-10',
      cents: 150_000,
      memo: 'PIX RECEBIDO - 30.872.299/0001-35',
    })
    const outcomes = run({
      lines: [credit],
      invoices: [invoice({ id: 'i1', date: '2026-10-01', issuedOn: '2026-10-07', cents: 150_000 })],
    })
    expect(outcomes.get(credit.id)).toEqual({
      side: 'credit',
      status: 'matched',
      match: {
        kind: 'invoice',
        invoiceIds: ['i1'],
        reasons: ['CNPJ do tomador no histórico', 'mesmo valor', '3 dias após a emissão'],
      },
      suggestions: [],
      memoDocument: PADARIA,
    })
  })

  it('matches by the NFS-e number, by the access key and by the taker’s CPF', () => {
    const key = '35503082'.padEnd(50, '1')
    const byNumber = line({ date: '2026-10-10', cents: 10_000, memo: 'TED NF 321' })
    const byKey = line({ date: '2026-10-10', cents: 20_000, memo: `PIX ${key}` })
    const byCpf = line({ date: '2026-10-10', cents: 30_000, memo: 'PIX 713.524.399-48' })
    const outcomes = run({
      lines: [byNumber, byKey, byCpf],
      invoices: [
        invoice({ id: 'n', number: 321, takerDocument: null, date: '2026-10-01', cents: 10_000 }),
        invoice({
          id: 'k',
          accessKey: key,
          takerDocument: SORRISO,
          date: '2026-10-01',
          cents: 20_000,
        }),
        invoice({ id: 'c', takerDocument: MARIANA, date: '2026-10-01', cents: 30_000 }),
      ],
    })
    expect(outcomes.get(byNumber.id)?.match).toMatchObject({
      invoiceIds: ['n'],
      reasons: ['número da NFS-e no histórico', 'mesmo valor', '9 dias após a emissão'],
    })
    expect(outcomes.get(byKey.id)?.match).toMatchObject({
      invoiceIds: ['k'],
      reasons: ['chave de acesso da NFS-e no histórico', 'mesmo valor', '9 dias após a emissão'],
    })
    expect(outcomes.get(byCpf.id)?.match).toMatchObject({
      invoiceIds: ['c'],
      reasons: ['CPF do tomador no histórico', 'mesmo valor', '9 dias após a emissão'],
    })
  })

  it('does not match a credit dated before the service date', () => {
    const credit = line({ date: '2026-09-30', cents: 150_000, memo: 'PIX 30872299000135' })
    const outcomes = run({
      lines: [credit],
      invoices: [invoice({ id: 'i1', date: '2026-10-01', cents: 150_000 })],
    })
    expect(outcomes.get(credit.id)).toMatchObject({ status: 'unmatched', suggestions: [] })
  })

  it('matches 90 days after the service date, not 91', () => {
    const day90 = line({ date: '2026-12-30', cents: 150_000, memo: 'PIX 30872299000135' })
    const day91 = line({ date: '2026-12-31', cents: 250_000, memo: 'PIX 30872299000135' })
    expect(dayNumber('2026-12-30') - dayNumber('2026-10-01')).toBe(INVOICE_WINDOW_DAYS)
    const outcomes = run({
      lines: [day90, day91],
      invoices: [
        invoice({ id: 'a', date: '2026-10-01', cents: 150_000 }),
        invoice({ id: 'b', date: '2026-10-01', cents: 250_000 }),
      ],
    })
    expect(outcomes.get(day90.id)?.status).toBe('matched')
    expect(outcomes.get(day91.id)).toMatchObject({ status: 'unmatched', suggestions: [] })
  })

  it('expects the value less the ISS the taker withholds (LC 116/2003 art. 6)', () => {
    const request = {
      totalValue: 1000,
      issWithheld: true,
      withholdings: { iss: 50 },
    } as Pick<NfsRequest, 'totalValue' | 'issWithheld' | 'withholdings'>
    expect(amountDueOf(request)).toEqual({ min: 95_000, max: 95_000 })
    const net = line({ date: '2026-10-10', cents: 95_000, memo: 'TED 30.872.299/0001-35' })
    const gross = line({ date: '2026-10-10', cents: 100_000, memo: 'TED 30.872.299/0001-35' })
    const outcomes = run({
      lines: [net, gross],
      invoices: [
        engineInvoiceOf(
          nfs({
            id: 'iss',
            date: '2026-10-01',
            totalValue: 1000,
            issWithheld: true,
            withholdings: { iss: 50 },
          }),
        ),
      ],
    })
    expect(outcomes.get(net.id)?.match).toMatchObject({
      invoiceIds: ['iss'],
      reasons: [
        'CNPJ do tomador no histórico',
        'mesmo valor, descontadas as retenções',
        '9 dias após a emissão',
      ],
    })
    expect(outcomes.get(gross.id)?.status).toBe('unmatched')
  })

  it('expects the value less federal withholdings too (IRRF, PIS, COFINS, CSLL)', () => {
    expect(
      amountDueOf({
        totalValue: 10_000,
        issWithheld: false,
        withholdings: { irrf: 150, pis: 65, cofins: 300, csll: 100 },
      }),
    ).toEqual({ min: 938_500, max: 938_500 })
  })

  it('with the ISS withheld at a rate the invoice does not say, only suggests (2 % to 5 %, LC 116/2003 arts. 8 and 8-A)', () => {
    const request = nfs({ id: 'x', date: '2026-10-01', totalValue: 1000, issWithheld: true })
    expect(amountDueOf(request)).toEqual({ min: 95_000, max: 98_000 })
    const credit = line({ date: '2026-10-10', cents: 96_500, memo: 'TED 30.872.299/0001-35' })
    const outcomes = run({ lines: [credit], invoices: [engineInvoiceOf(request)] })
    expect(outcomes.get(credit.id)).toMatchObject({
      status: 'suggested',
      suggestions: [
        {
          kind: 'invoice',
          invoiceIds: ['x'],
          reasons: [
            'CNPJ do tomador no histórico',
            'valor compatível com ISS retido de 3,50 %',
            '9 dias após a emissão',
          ],
        },
      ],
    })
  })

  it('leaves interest, transfers and the company’s own accounts out', () => {
    const interest = line({ date: '2026-10-10', cents: 1_000, type: 'INT', memo: 'RENDIMENTO' })
    const transfer = line({
      date: '2026-10-10',
      cents: 2_000,
      categoryId: 'transferencias-entre-contas',
    })
    const own = line({
      date: '2026-10-10',
      cents: 3_000,
      memo: 'PIX RECEBIDO ANA DESIGN LTDA - CORA',
    })
    const ownCnpj = line({ date: '2026-10-10', cents: 4_000, memo: 'TED 45.218.739/0001-02' })
    const sale = line({ date: '2026-10-10', cents: 5_000, memo: 'PIX RECEBIDO - CLIENTE' })
    const outcomes = run({ lines: [interest, transfer, own, ownCnpj, sale] })
    expect([interest, transfer, own, ownCnpj].map((l) => outcomes.get(l.id))).toEqual([
      null,
      null,
      null,
      null,
    ])
    expect(outcomes.get(sale.id)).toMatchObject({ status: 'unmatched', memoDocument: null })
  })
})

describe('rule 2: the same amount in the window without a reference is a suggestion', () => {
  it('never matches by itself, and ranks by how close the credit is to the issue', () => {
    const credit = line({
      date: '2026-10-20',
      cents: 80_000,
      memo: 'TED RECEBIDA - CLINICA SORRISO',
    })
    const outcomes = run({
      lines: [credit],
      invoices: [
        invoice({ id: 'far', date: '2026-09-01', issuedOn: '2026-09-02', cents: 80_000 }),
        invoice({ id: 'near', date: '2026-10-15', issuedOn: '2026-10-17', cents: 80_000 }),
      ],
    })
    const outcome = outcomes.get(credit.id)!
    expect(outcome.status).toBe('suggested')
    expect(outcome.suggestions.map((s) => s.id)).toEqual(['near', 'far'])
    expect(outcome.suggestions[0]!.reasons).toEqual(['mesmo valor', '3 dias após a emissão'])
    expect(outcome.suggestions[1]!.reasons).toEqual(['mesmo valor', '48 dias após a emissão'])
    expect(outcome.suggestions[0]!.score).toBeGreaterThan(outcome.suggestions[1]!.score)
  })

  it('says a credit came before the issue (the service date opens the window)', () => {
    const credit = line({ date: '2026-10-05', cents: 80_000 })
    const outcomes = run({
      lines: [credit],
      invoices: [invoice({ id: 'i', date: '2026-10-01', issuedOn: '2026-10-07', cents: 80_000 })],
    })
    expect(outcomes.get(credit.id)!.suggestions[0]!.reasons).toEqual([
      'mesmo valor',
      '2 dias antes da emissão',
    ])
  })
})

describe('rule 3: a tax debit pays its guide', () => {
  it('matches a debit naming the tax within 5 days of the due date, of exactly the guide’s amount', () => {
    const debit = line({
      date: '2026-11-18',
      cents: -135_618,
      memo: 'PAGAMENTO DAS SIMPLES NACIONAL',
    })
    const outcomes = run({
      lines: [debit],
      guides: [guide({ id: 'das', dueDate: '2026-11-20', cents: 135_618 })],
    })
    expect(outcomes.get(debit.id)).toEqual({
      side: 'debit',
      status: 'matched',
      match: {
        kind: 'guide',
        documentId: 'das',
        reasons: ['"DAS" no histórico', 'mesmo valor', '2 dias antes do vencimento'],
      },
      suggestions: [],
      memoDocument: null,
    })
  })

  it('takes every tax word of the rule, the guide’s kind and its line', () => {
    const slip = '858600000004660003285547034928446454963717738847'
    const cases: [string, EngineGuide['kind'], string | null][] = [
      ...TAX_WORDS.map((word) => [`PAGTO ${word} 10/2026`, 'DARF', null] as [string, string, null]),
      ['DEB AUTOMATICO GPS', 'GPS', null],
      [`PAGAMENTO BOLETO ${slip}`, 'FGTS', slip],
      [`PAGAMENTO ${barcodeOfSlipLine(slip)}`, 'FGTS', slip],
    ]
    for (const [memo, kind, slipLine] of cases) {
      const debit = line({ date: '2026-11-20', cents: -6_600, memo })
      const outcomes = run({
        lines: [debit],
        guides: [guide({ id: 'g', kind, dueDate: '2026-11-20', cents: 6_600, line: slipLine })],
      })
      expect(outcomes.get(debit.id)?.status, memo).toBe('matched')
    }
  })

  it('only suggests without the tax in the memo, and leaves out a debit 6 days away', () => {
    const boleto = line({ date: '2026-11-20', cents: -6_600, memo: 'PAGAMENTO BOLETO' })
    const late = line({ date: '2026-11-26', cents: -6_600, memo: 'PAGAMENTO DARF' })
    expect(dayNumber('2026-11-26') - dayNumber('2026-11-20')).toBe(GUIDE_WINDOW_DAYS + 1)
    const outcomes = run({
      lines: [boleto, late],
      guides: [guide({ id: 'darf', kind: 'DARF', dueDate: '2026-11-20', cents: 6_600 })],
    })
    expect(outcomes.get(boleto.id)).toMatchObject({
      status: 'suggested',
      suggestions: [
        { kind: 'guide', id: 'darf', reasons: ['mesmo valor', 'no dia do vencimento'] },
      ],
    })
    // Not a guide's payment, and nothing else to pair it with: not reconciliation's business.
    expect(outcomes.get(late.id)).toBeNull()
  })
})

describe('rule 4: ties are suggestions; one invoice or guide per transaction', () => {
  it('two equal invoices of the taker named in the memo: both suggested, neither matched', () => {
    const credit = line({ date: '2026-10-20', cents: 195_000, memo: 'PIX 56.878.901/0001-35' })
    const outcomes = run({
      lines: [credit],
      invoices: [
        invoice({
          id: 'sep',
          takerDocument: SORRISO,
          date: '2026-09-30',
          issuedOn: '2026-10-01',
          cents: 195_000,
        }),
        invoice({
          id: 'oct',
          takerDocument: SORRISO,
          date: '2026-10-15',
          issuedOn: '2026-10-16',
          cents: 195_000,
        }),
      ],
    })
    expect(outcomes.get(credit.id)).toMatchObject({ status: 'suggested' })
    expect(outcomes.get(credit.id)!.suggestions.map((s) => s.id)).toEqual(['oct', 'sep'])
  })

  it('two lines that qualify for one invoice alone: both suggested', () => {
    const a = line({ date: '2026-10-10', cents: 50_000, memo: 'PIX 30872299000135' })
    const b = line({ date: '2026-10-12', cents: 50_000, memo: 'PIX 30872299000135' })
    const outcomes = run({
      lines: [a, b],
      invoices: [invoice({ id: 'i', date: '2026-10-01', cents: 50_000 })],
    })
    expect(outcomes.get(a.id)?.status).toBe('suggested')
    expect(outcomes.get(b.id)?.status).toBe('suggested')
  })

  it('two guides a debit qualifies for: suggested', () => {
    const debit = line({ date: '2026-11-20', cents: -35_200, memo: 'PAGAMENTO GPS INSS' })
    const outcomes = run({
      lines: [debit],
      guides: [
        guide({ id: 'g1', kind: 'GPS', dueDate: '2026-11-16', cents: 35_200 }),
        guide({ id: 'g2', kind: 'GPS', dueDate: '2026-11-20', cents: 35_200 }),
      ],
    })
    expect(outcomes.get(debit.id)).toMatchObject({ status: 'suggested' })
    expect(outcomes.get(debit.id)!.suggestions.map((s) => s.id)).toEqual(['g2', 'g1'])
  })

  it('a taker paying the same amount every month: each payment gets its own month', () => {
    const invoices = ['08', '09', '10'].map((month) =>
      invoice({
        id: `m${month}`,
        takerDocument: SORRISO,
        date: `2026-${month}-05`,
        cents: 240_000,
      }),
    )
    const payments = ['08', '09', '10'].map((month) =>
      line({ date: `2026-${month}-12`, cents: 240_000, memo: 'PIX 56878901000135' }),
    )
    const outcomes = run({ lines: payments, invoices })
    expect(payments.map((p) => outcomes.get(p.id)?.match)).toMatchObject([
      { invoiceIds: ['m08'] },
      { invoiceIds: ['m09'] },
      { invoiceIds: ['m10'] },
    ])
  })

  it('a line between two sure pairs is left with nothing, whatever the order of the lines', () => {
    // t1 can only be i, t3 only j; t2 could be either: t1–i and t3–j, t2 unmatched.
    const i = invoice({ id: 'i', date: '2026-10-01', cents: 10_000 })
    const j = invoice({ id: 'j', takerDocument: SORRISO, date: '2026-10-01', cents: 10_000 })
    const t1 = line({ date: '2026-10-05', cents: 10_000, memo: 'PIX 30872299000135' })
    const t2 = line({
      date: '2026-10-05',
      cents: 10_000,
      memo: 'PIX 30872299000135 56878901000135',
    })
    const t3 = line({ date: '2026-10-05', cents: 10_000, memo: 'PIX 56878901000135' })
    for (const lines of [
      [t1, t2, t3],
      [t3, t2, t1],
      [t2, t1, t3],
    ]) {
      const outcomes = run({ lines, invoices: [i, j] })
      expect(outcomes.get(t1.id)?.match).toMatchObject({ invoiceIds: ['i'] })
      expect(outcomes.get(t3.id)?.match).toMatchObject({ invoiceIds: ['j'] })
      expect(outcomes.get(t2.id)).toMatchObject({ status: 'unmatched', suggestions: [] })
    }
  })

  it('several invoices of one taker paid at once: a suggestion of the set that adds up', () => {
    const credit = line({
      date: '2026-10-25',
      cents: 585_000,
      memo: 'TED 86.321.871/0001-22 CONSTRUTORA',
    })
    const outcomes = run({
      lines: [credit],
      invoices: [
        invoice({ id: 'a', takerDocument: '86321871000122', date: '2026-10-20', cents: 391_000 }),
        invoice({ id: 'b', takerDocument: '86321871000122', date: '2026-10-20', cents: 194_000 }),
        invoice({ id: 'c', takerDocument: '86321871000122', date: '2026-10-21', cents: 100_000 }),
        // Another taker's invoice that would add up too is not part of it.
        invoice({ id: 'd', takerDocument: PADARIA, date: '2026-10-20', cents: 194_000 }),
      ],
    })
    expect(outcomes.get(credit.id)).toMatchObject({
      status: 'suggested',
      suggestions: [
        {
          kind: 'invoice',
          id: 'a',
          invoiceIds: ['a', 'b'],
          reasons: [
            'soma de 2 notas do mesmo tomador',
            'CNPJ do tomador no histórico',
            '5 dias após a emissão',
          ],
        },
      ],
    })
  })

  it('never matches again what a person undid (it stays a suggestion)', () => {
    const credit = line({
      date: '2026-10-10',
      cents: 150_000,
      memo: 'PIX 30.872.299/0001-35',
      dismissed: ['invoice:i1'],
    })
    const outcomes = run({
      lines: [credit],
      invoices: [invoice({ id: 'i1', date: '2026-10-01', cents: 150_000 })],
    })
    expect(outcomes.get(credit.id)).toMatchObject({
      status: 'suggested',
      suggestions: [
        {
          id: 'i1',
          reasons: [
            'CNPJ do tomador no histórico',
            'mesmo valor',
            '9 dias após a emissão',
            'conciliação desfeita antes',
          ],
        },
      ],
    })
  })
})

describe('resolveClaims', () => {
  it('does not depend on the order of the lines', () => {
    const claims = new Map([
      ['t1', new Set(['a'])],
      ['t2', new Set(['a', 'b'])],
      ['t3', new Set(['b', 'c'])],
      ['t4', new Set(['c'])],
    ])
    const reversed = new Map([...claims].reverse())
    expect(Object.fromEntries(resolveClaims(claims))).toEqual(
      Object.fromEntries(resolveClaims(reversed)),
    )
    // t1 and t4 are sure; t2 and t3 are then left both wanting b alone: a tie.
    expect(Object.fromEntries(resolveClaims(claims))).toEqual({ t1: 'a', t4: 'c' })
  })
})

// ---- the property ----

const DAYS = [
  '2026-09-01',
  '2026-09-20',
  '2026-10-01',
  '2026-10-15',
  '2026-11-01',
  '2026-11-20',
  '2026-12-30',
]
const AMOUNTS = [10_000, 20_000, 30_000, 50_000]
const TAKERS = [PADARIA, SORRISO, MARIANA]
const memoOf = (taker: string | null, number: number | null, tax: string | null) =>
  [tax ? `PAGAMENTO ${tax}` : 'PIX RECEBIDO', taker ?? '', number !== null ? `NF ${number}` : '']
    .join(' ')
    .trim()

const scenario = fc.record({
  invoices: fc.array(
    fc.record({
      day: fc.constantFrom(...DAYS),
      cents: fc.constantFrom(...AMOUNTS),
      taker: fc.constantFrom(...TAKERS),
      number: fc.integer({ min: 1, max: 6 }),
      iss: fc.constantFrom(null, 0, 500),
    }),
    { maxLength: 10 },
  ),
  guides: fc.array(
    fc.record({
      day: fc.constantFrom(...DAYS),
      cents: fc.constantFrom(...AMOUNTS),
      kind: fc.constantFrom('DAS', 'DARF', 'GPS'),
    }),
    { maxLength: 4 },
  ),
  lines: fc.array(
    fc.record({
      day: fc.constantFrom(...DAYS),
      cents: fc.constantFrom(...AMOUNTS, 15_000, 9_500, 60_000, 80_000),
      debit: fc.boolean(),
      taker: fc.option(fc.constantFrom(...TAKERS)),
      number: fc.option(fc.integer({ min: 1, max: 6 })),
      tax: fc.option(fc.constantFrom(...TAX_WORDS, 'BOLETO')),
    }),
    { maxLength: 14 },
  ),
})

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

/** A generated scenario's invoices, guides and lines, as the rules read them. */
function inputsOf(s: Scenario) {
  const invoices = s.invoices.map((v, i) =>
    engineInvoiceOf(
      nfs({
        id: `i${i}`,
        date: v.day,
        totalValue: v.cents / 100,
        number: v.number,
        taker: v.taker,
        issWithheld: v.iss !== null,
        withholdings: v.iss ? { iss: v.iss / 100 } : undefined,
      }),
    ),
  )
  const guides = s.guides.map((g, i) =>
    guide({ id: `g${i}`, kind: g.kind, dueDate: g.day, cents: g.cents }),
  )
  const lines: EngineLine[] = s.lines.map((l, i) => ({
    id: `l${i}`,
    date: l.day,
    cents: l.debit ? -l.cents : l.cents,
    type: l.debit ? 'DEBIT' : 'CREDIT',
    memo: memoOf(l.taker, l.number, l.debit ? l.tax : null),
    categoryId: null,
    dismissed: [],
  }))
  return { invoices, guides, lines }
}

describe('property: nothing is matched twice, and every automatic match is rule 1 or rule 3', () => {
  it('holds for generated statements, invoices and guides', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { invoices, guides, lines } = inputsOf(s)
        const outcomes = run({ lines, invoices, guides })
        const claimed = new Map<string, string>()
        for (const l of lines) {
          const outcome = outcomes.get(l.id)
          const match = outcome?.match
          if (!match) continue
          const memo = readMemo(l.memo)
          if (match.kind === 'invoice') {
            // Rule 1: one invoice, its exact amount, in its window, named by the memo.
            expect(match.invoiceIds).toHaveLength(1)
            const v = invoices.find((i) => i.id === match.invoiceIds[0])!
            expect(v.due.min).toBe(v.due.max)
            expect(l.cents).toBe(v.due.min)
            const days = dayNumber(l.date) - dayNumber(v.date)
            expect(days >= 0 && days <= INVOICE_WINDOW_DAYS).toBe(true)
            expect(
              memo.numbers.includes(v.number!) || memo.documents.includes(v.takerDocument!),
            ).toBe(true)
            for (const id of match.invoiceIds) {
              expect(claimed.has(`invoice:${id}`)).toBe(false)
              claimed.set(`invoice:${id}`, l.id)
            }
          } else {
            // Rule 3: the guide's exact amount within 5 days, the memo naming the tax.
            const g = guides.find((x) => x.id === match.documentId)!
            expect(-l.cents).toBe(g.cents)
            expect(Math.abs(dayNumber(l.date) - dayNumber(g.dueDate))).toBeLessThanOrEqual(
              GUIDE_WINDOW_DAYS,
            )
            expect([...TAX_WORDS, g.kind].some((w) => memo.words.has(w))).toBe(true)
            expect(claimed.has(`guide:${g.id}`)).toBe(false)
            claimed.set(`guide:${g.id}`, l.id)
          }
        }
        // A suggestion never names what another line was matched to.
        for (const l of lines)
          for (const suggestion of outcomes.get(l.id)?.suggestions ?? []) {
            const keys =
              suggestion.kind === 'invoice'
                ? suggestion.invoiceIds.map((id) => `invoice:${id}`)
                : [`guide:${suggestion.id}`]
            for (const key of keys) expect(claimed.get(key) ?? l.id).toBe(l.id)
          }
      }),
      { numRuns: 400 },
    )
  })
})

describe('outcomes handed on as they are made (onOutcome)', () => {
  it('gives every line exactly one outcome, the one the map answers, reading the lines once', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { invoices, guides, lines } = inputsOf(s)
        const answered = run({ lines, invoices, guides })
        const handed: [string, unknown][] = []
        // A generator can be read only once: the rules must not go over the lines twice.
        function* once() {
          yield* lines
        }
        const left = run({
          lines: once(),
          invoices,
          guides,
          onOutcome: (id, outcome) => handed.push([id, outcome]),
        })
        expect(left.size).toBe(0)
        expect(handed.map(([id]) => id).sort()).toEqual(lines.map((l) => l.id).sort())
        expect(new Map(handed)).toEqual(answered)
      }),
      { numRuns: 200 },
    )
  })
})

/** An issued invoice record as the store keeps it. */
function nfs(
  over: Partial<Omit<NfsRequest, 'taker'>> & {
    id: string
    date: string
    totalValue: number
    taker?: string
  },
): NfsRequest {
  const { taker = PADARIA, ...rest } = over
  return {
    companyId: 'cmp-ana-design',
    cnpj: COMPANY.document,
    serviceDescription: 'Criação de identidade visual',
    serviceCode: '23.01',
    taxationCode: '230101',
    municipalityCode: '3550308',
    municipalityName: 'São Paulo/SP',
    issWithheld: false,
    issTaxation: 'taxable',
    taker: {
      document: taker,
      name: 'Tomador',
      email: 'tomador@example.com',
      address: {
        zipCode: '01304001',
        state: 'SP',
        city: 'São Paulo',
        street: 'Rua Augusta',
        number: '1',
        complement: '',
        neighborhood: 'Consolação',
      },
    },
    status: 'issued',
    number: 1,
    issuedAt: `${over.date}T12:00:00-03:00`,
    rejectionReason: null,
    schedulerId: null,
    statusHistory: [],
    createdBy: 'uid-ana',
    createdAt: `${over.date}T12:00:00-03:00`,
    updatedAt: `${over.date}T12:00:00-03:00`,
    ...nationalFieldsUnset,
    ...rest,
  } as NfsRequest
}
