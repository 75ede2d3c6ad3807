import { solana, solanaDevnet, solanaLocalnet } from '@airlock/chains'
import { describe, expect, it } from 'vitest'
import { solanaWalletConnect } from './walletConnect'

const A = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const B = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const MAINNET = solana.caipNetworkId
const DEVNET = solanaDevnet.caipNetworkId
const LOCALNET = solanaLocalnet.caipNetworkId
const { proposal, accounts, approves } = solanaWalletConnect

describe('the Solana proposal', () => {
  it('asks for every requested Solana network, the three signing methods, no events, the RPC proxy as rpc', () => {
    const ns = proposal({ requested: ['eip155:1', LOCALNET, MAINNET], rpcUrl: (id) => `https://api/rpc?chainId=${id}` })
    expect(ns).toEqual({
      chains: [LOCALNET, MAINNET],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
      rpcMap: {
        '5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z': `https://api/rpc?chainId=${LOCALNET}`,
        '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': `https://api/rpc?chainId=${MAINNET}`,
      },
    })
  })

  it('is absent when the dapp requests no Solana network', () => {
    expect(proposal({ requested: ['eip155:1', 'bip122:000000000019d6689c085ae165831e93'], rpcUrl: (id) => id })).toBeUndefined()
  })
})

describe('the Solana accounts of a session', () => {
  it('picks the first requested network the session holds, with its accounts once each', () => {
    const session = [`${MAINNET}:${A}`, `${DEVNET}:${A}`, `${DEVNET}:${B}`, `${DEVNET}:${A}`]
    expect(accounts(session, [LOCALNET, DEVNET, MAINNET])).toEqual({ namespace: 'solana', addresses: [A, B], caipNetworkId: DEVNET })
  })

  it('keeps a preferred network the session holds; else the wallet’s first', () => {
    const session = [`${MAINNET}:${A}`, `${DEVNET}:${B}`]
    expect(accounts(session, [MAINNET], DEVNET)).toMatchObject({ caipNetworkId: DEVNET, addresses: [B] })
    expect(accounts(session, [MAINNET], LOCALNET)).toMatchObject({ caipNetworkId: MAINNET })
    expect(accounts(session, [LOCALNET])).toMatchObject({ caipNetworkId: MAINNET, addresses: [A] })
  })

  it('is undefined without a usable Solana account, and drops malformed ones', () => {
    expect(accounts([], [MAINNET])).toBeUndefined()
    const malformed = [
      `${MAINNET}:0OIl${A.slice(4)}`,
      `${MAINNET}:${A}x`,
      `${MAINNET}:1111`,
      `eip155:1:${A}`,
      `solana:${A}`,
      `solana:too:many:${A}`,
    ]
    expect(accounts(malformed, [MAINNET])).toBeUndefined()
  })
})

describe('what a Solana session approves', () => {
  it('holds only for that very address on that very network: base58 is case-sensitive', () => {
    const session = [`${MAINNET}:${A}`, `${DEVNET}:${B}`]
    expect(approves(session, MAINNET, A)).toBe(true)
    expect(approves(session, DEVNET, B)).toBe(true)
    expect(approves(session, MAINNET, A.toLowerCase())).toBe(false)
    expect(approves(session, MAINNET, A.toUpperCase())).toBe(false)
    expect(approves(session, DEVNET, A)).toBe(false)
    expect(approves(session, 'eip155:1', A)).toBe(false)
    expect(approves([], MAINNET, A)).toBe(false)
  })
})
