import { describe, expect, it } from 'vitest'
import { proposalNamespaces, sessionAccounts, sessionApproves } from './namespaces'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const session = (accounts: string[]) => ({ namespaces: { eip155: { accounts } } })

describe('proposalNamespaces', () => {
  it('asks for every requested eip155 network with the RPC proxy as its rpc', () => {
    const ns = proposalNamespaces(
      ['eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:31338'],
      (id) => `https://api/rpc?chainId=${id}`,
    )
    expect(ns.eip155.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(ns.eip155.rpcMap).toEqual({ 31337: 'https://api/rpc?chainId=eip155:31337', 31338: 'https://api/rpc?chainId=eip155:31338' })
    expect(ns.eip155.methods).toContain('personal_sign')
    expect(ns.eip155.events).toEqual(['chainChanged', 'accountsChanged'])
  })
})

describe('sessionAccounts', () => {
  it('picks the first requested chain the session holds', () => {
    expect(sessionAccounts(session([`eip155:1:${A}`, `eip155:31338:${A}`, `eip155:31338:${B}`]), ['eip155:31337', 'eip155:31338'])).toEqual(
      {
        accounts: [A, B],
        chainId: 31338,
        chains: [1, 31338],
      },
    )
  })

  it('keeps a preferred chain (the one restored) when the session has it', () => {
    expect(sessionAccounts(session([`eip155:31337:${A}`, `eip155:31338:${A}`]), ['eip155:31337'], 31338)?.chainId).toBe(31338)
  })

  it('falls back to the wallet’s first chain when none was requested (UnsupportedChain then shows)', () => {
    expect(sessionAccounts(session([`eip155:1:${A}`]), ['eip155:31337'])).toMatchObject({ chainId: 1, accounts: [A] })
  })

  it('is undefined without a usable eip155 account, and drops malformed ones', () => {
    expect(sessionAccounts({ namespaces: {} }, ['eip155:1'])).toBeUndefined()
    expect(sessionAccounts(session(['eip155:1:0x123', 'eip155:x:' + A, 'solana:1:' + A]), ['eip155:1'])).toBeUndefined()
  })
})

describe('sessionApproves', () => {
  it('holds only for an account the session approved on that very chain, whatever its case', () => {
    const s = session([`eip155:31337:${A}`, `eip155:31338:${B}`])
    expect(sessionApproves(s, 31337, A.toLowerCase())).toBe(true)
    expect(sessionApproves(s, 31338, B)).toBe(true)
    expect(sessionApproves(s, 31338, A)).toBe(false)
    expect(sessionApproves(s, 1, A)).toBe(false)
    expect(sessionApproves({ namespaces: {} }, 31337, A)).toBe(false)
  })
})
