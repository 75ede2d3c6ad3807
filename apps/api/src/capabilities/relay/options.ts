import { entryPoint08Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import type { Database } from '../../platform/db/database'
import type { RelayConfig } from './config'
import { createRelayer } from './relayer'
import type { RelayRouteOptions } from './routes'
import { upsertPolicies } from './store'

/** The relay's route options from its config, once the configured policies are written to the database. */
export async function relayOptions(db: Database, config: RelayConfig): Promise<RelayRouteOptions> {
  await upsertPolicies(db, config.policies)
  return {
    relayer: createRelayer(db, privateKeyToAccount(config.relayerKey as `0x${string}`)),
    paymasterSigner: privateKeyToAccount(config.paymasterSignerKey as `0x${string}`),
    paymaster: config.paymaster,
    delegator: config.delegator,
    entryPoint: entryPoint08Address,
  }
}
