import { rpcError } from './errors'

/** How a devnet wallet answers what a real one would ask its user (connect, sign, send, switch chain). */
export type DevnetWalletMode = 'approve' | 'reject' | 'throw' | 'hang'

const MODES: readonly DevnetWalletMode[] = ['approve', 'reject', 'throw', 'hang']

export function checkMode(mode: DevnetWalletMode): DevnetWalletMode {
  if (!MODES.includes(mode)) throw new Error(`Unknown devnet wallet mode "${mode}" (expected ${MODES.join(', ')})`)
  return mode
}

/** Stands in for the wallet's confirmation popup. */
export async function confirm(mode: DevnetWalletMode): Promise<void> {
  if (mode === 'reject') throw rpcError(4001)
  if (mode === 'throw') throw new Error('Devnet wallet crashed')
  if (mode === 'hang') await new Promise<never>(() => {})
}
