import { polkadotAssetHub, polkadotDevnet } from '@airlock/chains'
import { encodeSs58 } from '@airlock/chains/polkadot'
import { describe, expect, it } from 'vitest'
import { polkadotWalletConnect } from './walletConnect'

const { proposal, accounts, approves } = polkadotWalletConnect
const DEVNET = polkadotDevnet.caipNetworkId
const HUB = polkadotAssetHub.caipNetworkId
const key = (byte: number) => new Uint8Array(32).fill(byte)
const ALICE = { generic: encodeSs58(key(1), 42), devnet: encodeSs58(key(1), 2), hub: encodeSs58(key(1), 0) }
const BOB = encodeSs58(key(2), 2)

describe('the polkadot namespace of a WalletConnect proposal', () => {
  it('asks for the requested Polkadot networks with the polkadot methods, the RPC proxy as their rpc', () => {
    expect(proposal({ requested: ['eip155:1', DEVNET], rpcUrl: (id) => `rpc/${id}` })).toEqual({
      chains: [DEVNET],
      methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: { '45454545454545454545454545454545': `rpc/${DEVNET}` },
    })
    expect(proposal({ requested: ['eip155:1'], rpcUrl: (id) => id })).toBeUndefined()
  })
})

describe('the polkadot accounts of a session', () => {
  it("writes each account in its network's SS58 format, whatever format the wallet gave", () => {
    const session = [`${HUB}:${ALICE.generic}`, `${DEVNET}:${ALICE.generic}`, `${DEVNET}:not-an-address`, `eip155:1:0x${'11'.repeat(20)}`]
    expect(accounts(session, [DEVNET])).toEqual({ namespace: 'polkadot', addresses: [ALICE.devnet], caipNetworkId: DEVNET })
    expect(accounts(session, [], HUB)).toEqual({ namespace: 'polkadot', addresses: [ALICE.hub], caipNetworkId: HUB })
    expect(accounts([`${DEVNET}:${ALICE.generic}`, `${DEVNET}:${ALICE.devnet}`], [DEVNET])?.addresses).toEqual([ALICE.devnet])
    expect(accounts([`${DEVNET}:nope`], [DEVNET])).toBeUndefined()
  })

  it('approves an account by its key on the network the session holds it on', () => {
    const session = [`${DEVNET}:${ALICE.generic}`]
    expect(approves(session, DEVNET, ALICE.devnet)).toBe(true)
    expect(approves(session, DEVNET, BOB)).toBe(false)
    expect(approves(session, HUB, ALICE.hub)).toBe(false)
    expect(approves([`${DEVNET}:${ALICE.generic}`], 'eip155:1', ALICE.devnet)).toBe(false)
  })
})
