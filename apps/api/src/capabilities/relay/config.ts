import * as z from 'zod'
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
