import { ss58PrefixOf } from '@airlock/chains'
import { decodeSs58, encodeSs58 } from '@airlock/chains/polkadot'
import { WALLETCONNECT_POLKADOT_METHODS, polkadotMethodParams } from '@airlock/protocol'
import { hexToBytes } from '@noble/hashes/utils'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import type * as z from 'zod/mini'
import { polkadotDevnetAccounts } from '../polkadot/accounts'
import { polkadotDevnetPair } from '../polkadot/keys'
import { signBytesAsPolkadotJs, signPayloadAsPolkadotJs } from '../polkadot/signer'
import { rpcError } from '../wallet/errors'
import type { FamilyNamespace } from './solana'

/**
 * The reference wallet's Polkadot side (WalletConnect's polkadot namespace): the devnet's second
 * sr25519 account (the page extension uses the first), on the chains it has an RPC url for
 * (`polkadot:<genesis hash prefix>` -> url), its address written in each chain's SS58 format as
 * WalletConnect's Polkadot wallets give it. It signs messages and transaction payloads as
 * polkadot-js does; the dapp submits the extrinsic.
 */
export function referencePolkadot(rpcUrls: Readonly<Record<string, string>>) {
  const account = polkadotDevnetAccounts[1]!
  const publicKey = hexToBytes(account.publicKey.slice(2))
  const chains = new Set(Object.keys(rpcUrls))
  const addressOn = (chain: string) => encodeSs58(publicKey, ss58PrefixOf(chain))

  const parse = <T>(schema: z.ZodMiniType<T>, params: unknown): T => {
    const parsed = schema.safeParse(params)
    if (!parsed.success) throw rpcError(-32602)
    return parsed.data
  }
  /** The account in any SS58 format is the wallet's; another is refused as WalletConnect wallets do (4100). */
  const own = (address: string) => {
    const decoded = decodeSs58(address)
    if (!decoded || !decoded.publicKey.every((byte, i) => byte === publicKey[i])) throw rpcError(4100)
  }

  return {
    address: account.address,
    knownChains: (): string[] => [...chains],
    namespace(requested: readonly string[]): FamilyNamespace | undefined {
      const approved = requested.filter((chain) => chains.has(chain))
      if (approved.length === 0) return undefined
      return {
        chains: approved,
        methods: [...WALLETCONNECT_POLKADOT_METHODS],
        // Its account never changes within a session: it emits no event.
        events: [],
        accounts: approved.map((chain) => `${chain}:${addressOn(chain)}`),
      }
    },
    async execute(_chainId: string, method: string, params: unknown): Promise<unknown> {
      switch (method) {
        case 'polkadot_signMessage': {
          const { address, message } = parse(polkadotMethodParams[method], params)
          own(address)
          return { signature: signBytesAsPolkadotJs(await polkadotDevnetPair(1), message) }
        }
        case 'polkadot_signTransaction': {
          const { address, transactionPayload } = parse(polkadotMethodParams[method], params)
          own(address)
          // @polkadot/types reads the JSON as it is; protocol's schema has checked its fields.
          return { signature: signPayloadAsPolkadotJs(await polkadotDevnetPair(1), transactionPayload as SignerPayloadJSON) }
        }
        default:
          throw rpcError(4200)
      }
    },
  }
}

export type ReferencePolkadot = ReturnType<typeof referencePolkadot>
