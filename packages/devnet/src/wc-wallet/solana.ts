import { solanaMethodParams } from '@airlock/protocol'
import { base58, base64 } from '@scure/base'
import type * as z from 'zod/mini'
import { solanaDevnetAccounts } from '../solana/accounts'
import { rpcError } from '../wallet/errors'
import { devnetSolanaKey } from '../wallet/solana-key'

/** The Solana requests the reference wallet answers (WalletConnect's names, params and results). */
export const REFERENCE_WALLET_SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const

/** A namespace the reference wallet approves for a non-EVM family. */
export interface FamilyNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  accounts: string[]
}

/**
 * The reference wallet's Solana side: the Solana devnet's account 0, on the clusters it has an RPC
 * url for (`solana:<genesis hash>` -> url). It approves a proposal's `solana` namespace on the
 * proposed clusters it knows, signs messages and transactions, and sends them itself.
 */
export function referenceSolana(rpcUrls: Readonly<Record<string, string>>) {
  const key = devnetSolanaKey(solanaDevnetAccounts[0]!.secretKey)
  const clusters = new Map(Object.entries(rpcUrls))

  const parse = <T>(schema: z.ZodMiniType<T>, params: unknown): T => {
    const parsed = schema.safeParse(params)
    if (!parsed.success) throw rpcError(-32602)
    return parsed.data
  }

  return {
    address: key.address,
    knownChains: (): string[] => [...clusters.keys()],
    /** The `solana` namespace to approve for these proposed chains; undefined when it knows none of them. */
    namespace(requested: readonly string[]): FamilyNamespace | undefined {
      const chains = requested.filter((chain) => clusters.has(chain))
      if (chains.length === 0) return undefined
      return {
        chains,
        methods: [...REFERENCE_WALLET_SOLANA_METHODS],
        events: [],
        accounts: chains.map((chain) => `${chain}:${key.address}`),
      }
    },
    /** Answers one request on a cluster of the session (4100 for another account, 4200 for another method). */
    async execute(chainId: string, method: string, params: unknown): Promise<unknown> {
      switch (method) {
        case 'solana_signMessage': {
          const { message, pubkey } = parse(solanaMethodParams[method], params)
          if (pubkey !== key.address) throw rpcError(4100)
          return { signature: base58.encode(key.signMessage(base58.decode(message))) }
        }
        case 'solana_signTransaction': {
          const { transaction, signature } = key.signTransaction(base64.decode(parse(solanaMethodParams[method], params).transaction))
          return { signature: base58.encode(signature), transaction: base64.encode(transaction) }
        }
        case 'solana_signAndSendTransaction': {
          const { transaction, sendOptions } = parse(solanaMethodParams[method], params)
          const url = clusters.get(chainId)
          if (!url) throw rpcError(4901, `The wallet has no RPC for ${chainId}.`)
          return { signature: await key.signAndSend(url, base64.decode(transaction), sendOptions) }
        }
        default:
          throw rpcError(4200)
      }
    },
  }
}

export type ReferenceSolana = ReturnType<typeof referenceSolana>
