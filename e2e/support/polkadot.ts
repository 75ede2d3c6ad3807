import { polkadotDevnet } from '@airlock/chains'
import { decodeFreeBalance, decodeSs58, encodeSs58, systemAccountKey } from '@airlock/chains/polkadot'
import { randomBytes } from 'node:crypto'
import type { FrameLocator } from '@playwright/test'
import { expect, stack } from '../fixtures'

/** The Polkadot devnet's network (chopsticks), as the e2e specs of Polkadot share it. */
export const POLKADOT_DEVNET = polkadotDevnet.caipNetworkId

/** The devnet wallet's row: its extension joins it, named from the wallet registry. */
export const DEVNET_WALLET_ROW = 'wallet-item-dev.airlock.devnetwallet'

/**
 * Picks the devnet wallet once its row offers Polkadot, as a user picks it once it shows: its
 * extension is found after the page's load, then named from the registry.
 */
export async function pickPolkadotExtension(widget: FrameLocator): Promise<void> {
  await expect(widget.getByTestId(DEVNET_WALLET_ROW)).toHaveAttribute('data-namespaces', /polkadot/)
  await widget.getByTestId(DEVNET_WALLET_ROW).click()
}

/** A call of chopsticks' JSON-RPC, as a block explorer (or the devnet's faucet) makes it. */
export async function chopsticks<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(stack.urls.polkadotRpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

/** What an account holds on the devnet, in planck. */
export async function freeBalance(address: string): Promise<bigint> {
  return decodeFreeBalance(await chopsticks<string | null>('state_getStorage', [systemAccountKey(decodeSs58(address)!.publicKey)]))!
}

/** An address on the devnet no key of it holds. */
export const freshPolkadotAddress = () => encodeSs58(randomBytes(32), 2)
