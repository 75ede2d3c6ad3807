/** A queue of pending items with waiters, as the wallet hands out proposals and requests one by one. */
export class AsyncQueue<T> {
  private items: T[] = []
  private waiters: { resolve: (item: T) => void; reject: (error: Error) => void }[] = []
  constructor(private readonly isLive: (item: T) => boolean) {}

  push(item: T): void {
    const waiter = this.waiters.shift()
    if (waiter) waiter.resolve(item)
    else this.items.push(item)
  }

  next(timeoutMs: number, what: string): Promise<T> {
    this.items = this.items.filter(this.isLive)
    const item = this.items.shift()
    if (item) return Promise.resolve(item)
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        resolve: (value: T) => {
          clearTimeout(timer)
          resolve(value)
        },
        reject: (error: Error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        reject(new Error(`reference wallet: no ${what} within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.push(waiter)
    })
  }

  close(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error)
    this.items = []
  }
}
