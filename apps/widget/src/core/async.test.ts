import { describe, expect, it, vi } from 'vitest'
import { pollUntil } from './async'

describe('pollUntil', () => {
  it('reads at once, then every interval, until an answer; past the timeout, its error; a read that throws ends it', async () => {
    const answers = [undefined, undefined, 'done']
    const read = vi.fn(async () => answers.shift())
    expect(await pollUntil(read, { timeoutMs: 1000, intervalMs: 1 }, () => new Error('late'))).toBe('done')
    expect(read).toHaveBeenCalledTimes(3)
    const never = vi.fn(async () => undefined)
    await expect(pollUntil(never, { timeoutMs: 0, intervalMs: 1 }, () => new Error('late'))).rejects.toThrow('late')
    expect(never).toHaveBeenCalledOnce()
    await expect(
      pollUntil(
        () => Promise.reject(new Error('broken')),
        { timeoutMs: 1000, intervalMs: 1 },
        () => new Error('late'),
      ),
    ).rejects.toThrow('broken')
  })
})
