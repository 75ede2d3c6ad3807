import { polkadotDevnet } from '@airlock/chains'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot/accounts'
import { describe, expect, it, vi } from 'vitest'
import type { NodeRpc } from '../types'
import { quotePolkadotTransferFee } from './transfers'

const [from, to] = polkadotDevnetAccounts
const FACTS = { fee: '15000000', existentialDeposit: '3333333', receiverExists: true, transferableKeepAlive: '9999996666667' }

describe('the Polkadot transfer fee', () => {
  it("is the builder's fee for the amount typed, refused or not; before one is, for the largest, which no amount's encoding outgrows", async () => {
    const build = vi.fn(async () => ({ ok: false, reason: 'insufficient-balance', message: 'Insufficient balance', ...FACTS }))
    const rpc = Object.assign(async () => null, { build }) as NodeRpc
    const transfer = { caipNetworkId: polkadotDevnet.caipNetworkId, from: from!.address, to: to!.address, amount: 2n * 10n ** 12n }
    expect(await quotePolkadotTransferFee(rpc, transfer)).toEqual({ amount: 15_000_000n })
    expect(build).toHaveBeenLastCalledWith('polkadot/transfers', { ...transfer, amount: '2000000000000' })
    expect(await quotePolkadotTransferFee(rpc, { ...transfer, amount: 0n })).toEqual({ amount: 15_000_000n })
    expect(build).toHaveBeenLastCalledWith('polkadot/transfers', { ...transfer, amount: ((1n << 128n) - 1n).toString() })
    build.mockRejectedValueOnce(new Error('down'))
    expect(await quotePolkadotTransferFee(rpc, transfer)).toBeUndefined()
  })
})
