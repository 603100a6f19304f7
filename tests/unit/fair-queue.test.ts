import { describe, expect, it } from 'vitest'
import { fairQueue } from '../../mock-server/domain/bank/fair-queue'
import { HttpError } from '../../mock-server/http'

// The OFX reader's line (mock-server/domain/bank/fair-queue.ts): one job at a time, the companies in
// turns, so one company's files cannot hold the others'.

/** A job that runs until the test lets it finish, noting when it started. */
function controlled(started: string[]) {
  const finishers = new Map<string, () => void>()
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name)
      finishers.set(name, () => resolve(name))
    })
  const finish = async (name: string) => {
    finishers.get(name)!()
    // Let the queue hand the worker its next job.
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { job, finish }
}

describe('fairQueue', () => {
  it("takes the companies in turns: a company's later files wait behind the others' first", async () => {
    const queue = fairQueue({ waitingPerOwner: 10, message: 'cheia' })
    const started: string[] = []
    const { job, finish } = controlled(started)
    const answers = [
      ...['a1', 'a2', 'a3', 'a4'].map((name) => queue.run('cmp-a', job(name))),
      queue.run('cmp-b', job('b1')),
      queue.run('cmp-c', job('c1')),
      queue.run('cmp-b', job('b2')),
    ]
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']) {
      await Promise.resolve()
      expect(started.at(-1)).toBe(name)
      await finish(name)
    }
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4'])
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2'])
    expect(queue.waiting).toBe(0)
  })

  it('runs one job at a time, and goes on after a job that failed', async () => {
    const queue = fairQueue({ waitingPerOwner: 10, message: 'cheia' })
    let running = 0
    let most = 0
    const job = (fail: boolean) => async () => {
      most = Math.max(most, ++running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
      if (fail) throw new Error('arquivo ruim')
      return 'ok'
    }
    const answers = [true, false, true, false].map((fail, i) =>
      queue.run(`cmp-${i % 2}`, job(fail)).catch((error: Error) => error.message),
    )
    expect(await Promise.all(answers)).toEqual(['arquivo ruim', 'ok', 'arquivo ruim', 'ok'])
    expect(most).toBe(1)
  })

  it('refuses a file past the limit of waiting files of its company (429), not of others', async () => {
    const queue = fairQueue({ waitingPerOwner: 2, message: 'Já há 2 extratos esperando.' })
    const started: string[] = []
    const { job, finish } = controlled(started)
    const running = queue.run('cmp-a', job('a1'))
    const waiting = [queue.run('cmp-a', job('a2')), queue.run('cmp-a', job('a3'))]
    const refused = await queue.run('cmp-a', job('a4')).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 429, message: 'Já há 2 extratos esperando.' })
    // Another company still gets its turn right after the running file.
    const other = queue.run('cmp-b', job('b1'))
    await finish('a1')
    expect(started.at(-1)).toBe('b1')
    await finish('b1')
    await finish('a2')
    await finish('a3')
    expect(await Promise.all([running, ...waiting, other])).toEqual(['a1', 'a2', 'a3', 'b1'])
    expect(started).not.toContain('a4')
  })
})
