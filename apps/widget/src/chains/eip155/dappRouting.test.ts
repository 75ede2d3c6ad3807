import { describe, expect, it } from 'vitest'
import { routeRequest } from './dappRouting'

describe('routeRequest', () => {
  it('sends unknown methods to 4200', () => {
    expect(routeRequest('eth_mine', false)).toBe('unsupported')
    expect(routeRequest('eth_mine', true)).toBe('unsupported')
    expect(routeRequest('__proto__', true)).toBe('unsupported')
  })

  it('answers accounts and chain id from state either way', () => {
    for (const connected of [false, true]) {
      expect(routeRequest('eth_accounts', connected)).toBe('accounts')
      expect(routeRequest('eth_chainId', connected)).toBe('chainId')
      expect(routeRequest('eth_requestAccounts', connected)).toBe('requestAccounts')
    }
  })

  it('sends everything else to the wallet when connected, reads included', () => {
    expect(routeRequest('eth_getBalance', true)).toBe('connector')
    expect(routeRequest('personal_sign', true)).toBe('connector')
    expect(routeRequest('wallet_switchEthereumChain', true)).toBe('connector')
  })

  it('sends reads to the proxy and holds wallet methods for a connection when disconnected', () => {
    expect(routeRequest('eth_blockNumber', false)).toBe('proxy')
    expect(routeRequest('eth_call', false)).toBe('proxy')
    expect(routeRequest('personal_sign', false)).toBe('awaitWallet')
    expect(routeRequest('eth_sendTransaction', false)).toBe('awaitWallet')
  })
})
