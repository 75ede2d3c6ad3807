/** How a connect or reconnect ended, for the dapp's requests that waited on it (core/session/awaitConnection.ts). */
export interface PendingEnd {
  /** The user declined in the wallet or left the attempt (back, close, disconnect). */
  rejected: boolean
}

/** The requests waiting for the attempt in progress to end: each is told once, by the next end. */
export interface PendingEnds {
  next(): Promise<PendingEnd>
  fire(end: PendingEnd): void
}

export function createPendingEnds(): PendingEnds {
  let waiting: ((end: PendingEnd) => void)[] = []
  return {
    next: () => new Promise<PendingEnd>((resolve) => waiting.push(resolve)),
    fire(end) {
      const due = waiting
      waiting = []
      for (const resolve of due) resolve(end)
    },
  }
}
