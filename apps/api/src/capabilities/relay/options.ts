import { entryPoint08Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import type { Database } from '../../platform/db/database'
import type { RelayBackend } from './backend'
import { builtInBackend } from './builtin'
import type { RelayConfig } from './config'
import { externalBackend } from './external'
import { createRelayer } from './relayer'
import type { RelayRouteOptions } from './routes'
import { upsertPolicies } from './store'

/** The built-in relay when its keys are configured. */
function builtInOf(db: Database, config: RelayConfig): RelayBackend | undefined {
  const { relayerKey, paymasterSignerKey, paymaster } = config
  if (!relayerKey || !paymasterSignerKey || !paymaster) return undefined
  return builtInBackend({
    relayer: createRelayer(db, privateKeyToAccount(relayerKey as `0x${string}`)),
    paymasterSigner: privateKeyToAccount(paymasterSignerKey as `0x${string}`),
    paymaster,
  })
}

/**
 * The relay's route options from its config, once the configured policies are written to the
 * database: each chain's backend, its external services where `external` names them, else the
 * built-in relay (when configured).
 */
export async function relayOptions(db: Database, config: RelayConfig): Promise<RelayRouteOptions> {
  await upsertPolicies(db, config.policies)
  const builtIn = builtInOf(db, config)
  const external = new Map(
    Object.entries(config.external ?? {}).map(([chainId, services]) => [Number(chainId), externalBackend(Number(chainId), services)]),
  )
  return {
    backendOf: (chainId) => external.get(chainId) ?? builtIn,
    delegator: config.delegator,
    entryPoint: entryPoint08Address,
  }
}
