/** `promise`, or a rejection with `timeoutError()` if it has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Calls `read` until it answers something (not undefined), `intervalMs` apart, from at once; past
 * `timeoutMs` without an answer, throws `timeoutError()`. A read that throws ends the wait with its error.
 */
export async function pollUntil<T>(
  read: () => Promise<T | undefined>,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
  timeoutError: () => Error,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await read()
    if (answer !== undefined) return answer
    if (Date.now() >= deadline) throw timeoutError()
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
