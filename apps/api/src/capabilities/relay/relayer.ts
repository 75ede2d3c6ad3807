import type { Address, Hex, PrivateKeyAccount, PublicClient, SignedAuthorizationList } from 'viem'
import type { Database } from '../../platform/db/database'

export interface RelayedTransaction {
  to: Address
  data?: Hex
  gas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** EIP-7702 authorizations: the transaction is then type 4. */
  authorizationList?: SignedAuthorizationList
}

export interface Relayer {
  readonly address: Address
  /** Signs and sends `tx` on the chain of `client`; answers its hash once the node took it. */
  send(client: PublicClient, tx: RelayedTransaction): Promise<Hex>
}

/**
 * The relayer key's sender. It must never send two transactions with the same nonce, so sends on a
 * chain run one at a time: under the database's lock (every API process shares the key), the nonce
 * is the larger of the node's pending count and one past the last this process sent (a node may
 * not count a transaction it has just taken as pending yet).
 */
export function createRelayer(db: Database, account: PrivateKeyAccount): Relayer {
  const nextNonce = new Map<number, number>()
  return {
    address: account.address,
    async send(client, tx) {
      const chainId = client.chain!.id
      return db.withLock(`relayer:${account.address}:${chainId}`, async () => {
        const pending = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
        const nonce = Math.max(pending, nextNonce.get(chainId) ?? 0)
        const common = {
          chainId,
          nonce,
          to: tx.to,
          data: tx.data ?? '0x',
          gas: tx.gas,
          maxFeePerGas: tx.maxFeePerGas,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
        } as const
        const serializedTransaction = tx.authorizationList
          ? await account.signTransaction({ ...common, type: 'eip7702', authorizationList: tx.authorizationList })
          : await account.signTransaction({ ...common, type: 'eip1559' })
        const hash = await client.sendRawTransaction({ serializedTransaction })
        nextNonce.set(chainId, nonce + 1)
        return hash
      })
    },
  }
}
