/** The dapp's pending eth_requestAccounts calls, answered together when a wallet connects. */
export interface AccountWaiters {
  wait(): Promise<string[]>
  resolveAll(accounts: string[]): void
  rejectAll(error: unknown): void
  readonly size: number
}

export function createAccountWaiters(): AccountWaiters {
  let waiters: { resolve: (accounts: string[]) => void; reject: (error: unknown) => void }[] = []
  const drain = () => {
    const current = waiters
    waiters = []
    return current
  }
  return {
    wait: () => new Promise<string[]>((resolve, reject) => waiters.push({ resolve, reject })),
    resolveAll: (accounts) => drain().forEach((w) => w.resolve(accounts)),
    rejectAll: (error) => drain().forEach((w) => w.reject(error)),
    get size() {
      return waiters.length
    },
  }
}
