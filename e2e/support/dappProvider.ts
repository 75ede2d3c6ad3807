import type { Page } from '@playwright/test'
import { encodeAbiParameters, keccak256, toHex, type Address } from 'viem'
import { chainClient } from '../fixtures'
import { USDC } from './walletFeatures'

export type Outcome = { ok: true; value: unknown } | { ok: false; code: number; message: string }

/** A request from the dapp's page to its eip155 provider: its answer, or its error's code and message. */
export function providerRequest(page: Page, method: string, params: unknown): Promise<Outcome> {
  return page.evaluate(
    ({ method, params }) =>
      window
        .airlock!.getProvider('eip155')
        .request({ method, params } as never)
        .then(
          (value: unknown) => ({ ok: true as const, value }),
          (error: { code: number; message: string }) => ({ ok: false as const, code: error.code, message: error.message }),
        ),
    { method, params },
  )
}

/** Sets `owner`'s devnet USDC balance (OpenZeppelin's ERC20 keeps balances in slot 0). */
export async function setUsdcBalance(owner: Address, amount: bigint): Promise<void> {
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, 0n]))
  await chainClient.request({ method: 'anvil_setStorageAt' as never, params: [USDC, slot, toHex(amount, { size: 32 })] as never })
}
