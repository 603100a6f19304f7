import { describe, expect, it } from 'vitest'
import { workerThread } from '../../mock-server/domain/worker-thread'

// mock-server/domain/worker-thread.ts: `recycle` replaces an idle worker by a fresh thread (what
// a big job left in its heap goes with the old one), and leaves a worker with a job under way.
type Answer = { id: number; threadId: number }

const echo = () =>
  workerThread<Answer>(new URL('../fixtures/worker-thread/echo.ts', import.meta.url), {
    label: 'echo',
    failed: 'failed',
    stopped: 'stopped',
  })

const threadOf = (thread: ReturnType<typeof echo>, ms = 0) =>
  thread.send<number>(
    (worker, id) => worker.postMessage({ id, ms }),
    (answer, resolve) => {
      resolve(answer.threadId)
      return true
    },
    10_000,
    () => new Error('timeout'),
  )

describe('a worker thread recycled', () => {
  it('runs the next job on a fresh thread once idle', async () => {
    const thread = echo()
    try {
      const first = await threadOf(thread)
      expect(await threadOf(thread)).toBe(first)
      thread.recycle()
      const second = await threadOf(thread)
      expect(second).not.toBe(first)
      expect(await threadOf(thread)).toBe(second)
    } finally {
      await thread.close('done')
    }
  })

  it('is left alone while a job is under way', async () => {
    const thread = echo()
    try {
      const first = await threadOf(thread)
      const running = threadOf(thread, 200)
      thread.recycle()
      expect(await running).toBe(first)
      expect(await threadOf(thread)).toBe(first)
    } finally {
      await thread.close('done')
    }
  })
})

describe('a job’s time limit', () => {
  /** A job of `steps` answers before its last, `ms` apart, with a limit of `limitMs`. */
  const job = (thread: ReturnType<typeof echo>, ms: number, steps: number, limitMs: number) => {
    let answers = 0
    return thread.send<number>(
      (worker, id) => worker.postMessage({ id, ms, steps }),
      (answer, resolve) => {
        answers++
        if (!(answer as Answer & { last: boolean }).last) return false
        resolve(answers)
        return true
      },
      limitMs,
      () => new Error('timeout'),
    )
  }

  it('counts from the job’s last answer: a job that keeps answering runs past the limit', async () => {
    const thread = echo()
    try {
      // Six answers 100 ms apart (600 ms in all) under a 300 ms limit.
      expect(await job(thread, 100, 5, 300)).toBe(6)
    } finally {
      await thread.close('done')
    }
  })

  it('stops a job silent for longer than the limit, and the next job gets a fresh thread', async () => {
    const thread = echo()
    try {
      const first = await threadOf(thread)
      await expect(job(thread, 400, 1, 300)).rejects.toThrow('timeout')
      expect(await threadOf(thread)).not.toBe(first)
    } finally {
      await thread.close('done')
    }
  })
})
