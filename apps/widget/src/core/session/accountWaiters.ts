import type { Namespace } from '@airlock/protocol'

/** The dapp's pending account requests (eth_requestAccounts, solana_requestAccounts), answered when their namespace connects. */
export interface AccountWaiters {
  wait(namespace: Namespace): Promise<string[]>
  resolve(namespace: Namespace, accounts: readonly string[]): void
  rejectAll(error: unknown): void
  readonly size: number
}

export function createAccountWaiters(): AccountWaiters {
  let waiters: { namespace: Namespace; resolve: (accounts: string[]) => void; reject: (error: unknown) => void }[] = []
  return {
    wait: (namespace) => new Promise<string[]>((resolve, reject) => waiters.push({ namespace, resolve, reject })),
    resolve(namespace, accounts) {
      const due = waiters.filter((waiter) => waiter.namespace === namespace)
      waiters = waiters.filter((waiter) => waiter.namespace !== namespace)
      for (const waiter of due) waiter.resolve([...accounts])
    },
    rejectAll(error) {
      const due = waiters
      waiters = []
      for (const waiter of due) waiter.reject(error)
    },
    get size() {
      return waiters.length
    },
  }
}
