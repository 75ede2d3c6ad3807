import { createWalletClient, custom, encodeFunctionData, erc20Abi, type Address, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export interface Payout {
  /** Lowercase token address; null for the native currency. */
  token: Address | null
  to: Address
  amount: bigint
}

export interface PayoutResult {
  hash: Hex
  nonce: number
  success: boolean
}

/**
 * Sends on-ramp payouts from the treasury key: one real transaction each (an ERC-20 `transfer` or a
 * native send), signed locally. Sends from one key on one chain are serialised (a process-wide queue
 * per chain and address), each waiting for its receipt, so two purchases never race for a nonce.
 */
export interface Treasury {
  address: Address
  send(client: PublicClient, payout: Payout): Promise<PayoutResult>
}

const queues = new Map<string, Promise<unknown>>()

export function createTreasury(privateKey: Hex, options: { receiptTimeoutMs?: number } = {}): Treasury {
  const account = privateKeyToAccount(privateKey)
  return {
    address: account.address,
    send(client, payout) {
      const key = `${client.chain?.id ?? 'unknown'}:${account.address.toLowerCase()}`
      const previous = queues.get(key) ?? Promise.resolve()
      const run = previous
        .catch(() => undefined)
        .then(async (): Promise<PayoutResult> => {
          const wallet = createWalletClient({
            account,
            chain: client.chain,
            transport: custom({ request: (args) => client.request(args) }),
          })
          const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
          const hash = payout.token
            ? await wallet.sendTransaction({
                to: payout.token,
                data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payout.to, payout.amount] }),
                nonce,
                chain: client.chain ?? null,
              })
            : await wallet.sendTransaction({ to: payout.to, value: payout.amount, nonce, chain: client.chain ?? null })
          const receipt = await client.waitForTransactionReceipt({ hash, timeout: options.receiptTimeoutMs ?? 30_000 })
          return { hash, nonce, success: receipt.status === 'success' }
        })
      queues.set(
        key,
        run.catch(() => undefined),
      )
      return run
    },
  }
}
