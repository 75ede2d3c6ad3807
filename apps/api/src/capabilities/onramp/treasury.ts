import { createWalletClient, custom, encodeFunctionData, erc20Abi, type Address, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Database } from '../../platform/db/database'

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
 * native send), signed locally. Sends from one key on one chain are serialised, each waiting for
 * its receipt, so two purchases never race for a nonce, in one process or in several on one
 * database: each takes the database's lock `treasury:<chain>:<address>` (whose waiters in one
 * process queue there, holding no connection).
 */
export interface Treasury {
  address: Address
  send(client: PublicClient, payout: Payout): Promise<PayoutResult>
}

export function createTreasury(privateKey: Hex, options: { db: Pick<Database, 'withLock'>; receiptTimeoutMs?: number }): Treasury {
  const account = privateKeyToAccount(privateKey)
  return {
    address: account.address,
    send(client, payout) {
      return options.db.withLock(`treasury:${client.chain?.id ?? 'unknown'}:${account.address.toLowerCase()}`, () => payOut(client, payout))
    },
  }

  async function payOut(client: PublicClient, payout: Payout): Promise<PayoutResult> {
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
  }
}
