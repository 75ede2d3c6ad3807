import * as z from 'zod'
import { ENTRY_POINT_08 } from '@airlock/chains/eip155'
import { PaymasterPolicy, PolicyAddress } from './policy'

const PrivateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte private key')

/**
 * The API's relay (StackConfig `relay`): its two keys, the contracts it serves (the same address on
 * every chain: the devnet's are deterministic) and the projects' paymaster policies, written to the
 * database at start. In production the keys come from a secret manager.
 */
export const RelayConfig = z.object({
  /** Sends handleOps and the type-4 delegations; needs ETH on every chain it serves. */
  relayerKey: PrivateKey,
  /** The AirlockPaymaster's verifying signer; holds nothing. */
  paymasterSignerKey: PrivateKey,
  paymaster: PolicyAddress,
  /** The EIP7702StatelessDeleGator implementation accounts may delegate to. */
  delegator: PolicyAddress,
  policies: z.array(PaymasterPolicy).max(1000),
})
export type RelayConfig = z.output<typeof RelayConfig>

/** A network where the embedded wallet's account may be a smart account, as the secure frame's /frame-config names it. */
export interface SmartAccountNetwork {
  chainId: number
  delegator: string
  entryPoint: string
}

/** The relay's networks for the secure frame: the chains some project's policy sponsors, where the relay sends user operations. */
export function smartAccountNetworks(relay: RelayConfig): SmartAccountNetwork[] {
  const chains = [...new Set(relay.policies.flatMap((policy) => policy.chains))].sort((a, b) => a - b)
  return chains.map((chainId) => ({ chainId, delegator: relay.delegator, entryPoint: ENTRY_POINT_08 }))
}
