import { describe, expect, it } from 'vitest'
import { eip155WalletConnect } from './walletConnect'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const { proposal, accounts, approves } = eip155WalletConnect

describe('the eip155 proposal', () => {
  it('asks for every requested eip155 network with the RPC proxy as its rpc', () => {
    const ns = proposal({
      requested: ['eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:31338'],
      rpcUrl: (id) => `https://api/rpc?chainId=${id}`,
    })!
    expect(ns.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(ns.rpcMap).toEqual({ 31337: 'https://api/rpc?chainId=eip155:31337', 31338: 'https://api/rpc?chainId=eip155:31338' })
    expect(ns.methods).toContain('personal_sign')
    expect(ns.events).toEqual(['chainChanged', 'accountsChanged'])
  })

  it('is absent when the dapp requests no eip155 network', () => {
    expect(proposal({ requested: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], rpcUrl: (id) => id })).toBeUndefined()
  })
})

describe('the eip155 accounts of a session', () => {
  it('picks the first requested chain the session holds', () => {
    expect(accounts([`eip155:1:${A}`, `eip155:31338:${A}`, `eip155:31338:${B}`], ['eip155:31337', 'eip155:31338'])).toEqual({
      namespace: 'eip155',
      addresses: [A, B],
      caipNetworkId: 'eip155:31338',
    })
  })

  it('keeps a preferred chain (the one restored) when the session has it', () => {
    expect(accounts([`eip155:31337:${A}`, `eip155:31338:${A}`], ['eip155:31337'], 'eip155:31338')?.caipNetworkId).toBe('eip155:31338')
  })

  it('falls back to the wallet’s first chain when none was requested (UnsupportedChain then shows)', () => {
    expect(accounts([`eip155:1:${A}`], ['eip155:31337'])).toMatchObject({ caipNetworkId: 'eip155:1', addresses: [A] })
  })

  it('is undefined without a usable eip155 account, and drops malformed ones', () => {
    expect(accounts([], ['eip155:1'])).toBeUndefined()
    expect(accounts(['eip155:1:0x123', 'eip155:x:' + A, 'solana:1:' + A], ['eip155:1'])).toBeUndefined()
  })
})

describe('what the session approves', () => {
  it('holds only for an account the session approved on that very chain, whatever its case', () => {
    const session = [`eip155:31337:${A}`, `eip155:31338:${B}`]
    expect(approves(session, 'eip155:31337', A.toLowerCase())).toBe(true)
    expect(approves(session, 'eip155:31338', B)).toBe(true)
    expect(approves(session, 'eip155:31338', A)).toBe(false)
    expect(approves(session, 'eip155:1', A)).toBe(false)
    expect(approves([], 'eip155:31337', A)).toBe(false)
  })
})
