import { afterAll, describe, expect, it } from 'vitest'
import { createOfxReader, ofxQueueMessages } from '../../mock-server/domain/bank/ofx-reader'
import { ofxSample } from '../../scripts/ofx-sample'
import { startTestServer } from './harness'

// Issue 28: one company's OFX files cannot hold the others'. The reader (one worker thread) keeps
// a line per company and serves them in turns: a company that sends a pile of big statements
// waits behind its own; another company's file is read right after the one being read.

const reader = createOfxReader()
afterAll(() => reader.close())

describe('the OFX reader', () => {
  it("reads another company's file before the rest of one company's pile", async () => {
    const big = (n: number) => ofxSample(2_000, { firstId: n * 100_000 })
    const finished: string[] = []
    const read = (company: string, name: string, file: Buffer) =>
      reader.read(file, company).then((statement) => {
        finished.push(name)
        return statement.entries.length
      })
    const pile = ['a1', 'a2', 'a3', 'a4'].map((name, i) => read('cmp-a', name, big(i)))
    const other = read('cmp-b', 'b1', ofxSample(10, { firstId: 900_000 }))
    expect(await Promise.all([...pile, other])).toEqual([2_000, 2_000, 2_000, 2_000, 10])
    // a1 was being read when b1 came: b1 is next, then the rest of the pile.
    expect(finished).toEqual(['a1', 'b1', 'a2', 'a3', 'a4'])
  }, 120_000)

  it('refuses a fifth file of a company while four are in line (429), as the upload answers', async () => {
    const server = await startTestServer()
    try {
      const file = ofxSample(20_000, { firstId: 2_000_000 })
      const upload = () => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(file)]), 'extrato.ofx')
        return server.call('POST', '/bank-statements/ofx/upload?companyId=cmp-ana-design', {
          as: 'ana@contabil.dev',
          raw: form,
        })
      }
      const answers = await Promise.all(Array.from({ length: 8 }, upload))
      const refused = answers.filter((answer) => answer.status === 429)
      expect(refused.length).toBeGreaterThan(0)
      for (const answer of refused) expect(answer.body.message).toBe(ofxQueueMessages.full)
      for (const answer of answers.filter((a) => a.status !== 429))
        expect(answer.status, answer.text).toBe(201)
    } finally {
      await server.close()
    }
  }, 120_000)
})
