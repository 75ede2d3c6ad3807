import * as z from 'zod'
import { ENTRY_POINT_08 } from '@airlock/chains/eip155'
import { PaymasterPolicy, PolicyAddress } from './policy'

const PrivateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte private key')
/** An EVM chain id as the relay's path writes it: decimal. */
export const DecimalChainId = z.string().regex(/^[1-9]\d{0,15}$/, 'must be a decimal EVM chain id')
const ServiceUrl = z.url({ protocol: /^https?$/ })

/**
 * A chain's external ERC-4337 bundler and ERC-7677 paymaster (a provider's JSON-RPC endpoints,
 * e.g. Pimlico's or Alchemy's). Their URLs may carry the provider's API key: they stay on the
 * server, and no error or log names them.
 */
export const ExternalRelayServices = z.object({ bundlerUrl: ServiceUrl, paymasterUrl: ServiceUrl })
export type ExternalRelayServices = z.output<typeof ExternalRelayServices>

const BUILT_IN_KEYS = ['relayerKey', 'paymasterSignerKey', 'paymaster'] as const

/**
 * The API's relay (StackConfig `relay`): per chain, either the built-in relay (the API is its own
 * bundler and verifying paymaster: its two keys and the AirlockPaymaster, the same address on every
 * chain as the devnet's) or the external services `external` names for that chain; the DeleGator
 * accounts delegate to; the projects' paymaster policies, written to the database at start, which
 * the API checks and budgets in front of either. In production the keys come from a secret manager.
 */
export const RelayConfig = z
  .object({
    /** Sends handleOps (type 4 when an operation carries its authorization); needs ETH on every chain it serves. */
    relayerKey: PrivateKey.optional(),
    /** The AirlockPaymaster's verifying signer; holds nothing. */
    paymasterSignerKey: PrivateKey.optional(),
    paymaster: PolicyAddress.optional(),
    /** The EIP7702StatelessDeleGator implementation accounts may delegate to. */
    delegator: PolicyAddress,
    /** Chains (decimal id) served by an external bundler and paymaster instead of the built-in relay. */
    external: z.record(z.string(), ExternalRelayServices).optional(),
    policies: z.array(PaymasterPolicy).max(1000),
  })
  .superRefine((config, ctx) => {
    for (const chain of Object.keys(config.external ?? {})) {
      const key = DecimalChainId.safeParse(chain)
      if (!key.success) ctx.addIssue({ code: 'custom', path: ['external', chain], message: key.error.issues[0]!.message })
    }
    const given = BUILT_IN_KEYS.filter((key) => config[key] !== undefined)
    if (given.length > 0 && given.length < BUILT_IN_KEYS.length) {
      for (const key of BUILT_IN_KEYS.filter((k) => config[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `the built-in relay needs ${BUILT_IN_KEYS.join(', ')} together` })
      }
    }
    if (given.length > 0) return
    const external = new Set(Object.keys(config.external ?? {}).map(Number))
    const unserved = [...new Set(config.policies.flatMap((policy) => policy.chains))].filter((chain) => !external.has(chain))
    if (unserved.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['policies'],
        message: `sponsored chains without a relay (${unserved.join(', ')}): give them the built-in relay (${BUILT_IN_KEYS.join(', ')}) or an external bundler and paymaster`,
      })
    }
  })
export type RelayConfig = z.output<typeof RelayConfig>

/** A network where the embedded wallet's account may be a smart account, as the secure frame's /frame-config names it. */
export interface SmartAccountNetwork {
  chainId: number
  delegator: string
  entryPoint: string
}

/** The secure frame's networks: each of `chains` once, in order, with the DeleGator and EntryPoint v0.8. */
export function smartAccountNetworksOn(chains: Iterable<number>, delegator: string): SmartAccountNetwork[] {
  return [...new Set(chains)].sort((a, b) => a - b).map((chainId) => ({ chainId, delegator, entryPoint: ENTRY_POINT_08 }))
}

/** The relay's networks for the secure frame: the chains some project's policy sponsors, where the relay sends user operations. */
export function smartAccountNetworks(relay: RelayConfig): SmartAccountNetwork[] {
  return smartAccountNetworksOn(
    relay.policies.flatMap((policy) => policy.chains),
    relay.delegator,
  )
}
