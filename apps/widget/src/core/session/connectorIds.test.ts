import { describe, expect, it } from 'vitest'
import { currentConnectorId, standardWalletOf } from './connectorIds'

describe('standardWalletOf', () => {
  it('names the wallet of a ws:<namespace>:<name> id only', () => {
    expect(standardWalletOf('ws:solana:Phantom')).toBe('Phantom')
    expect(standardWalletOf('ws:bip122:Phantom')).toBe('Phantom')
    for (const id of ['io.metamask', 'multi:phantom', 'walletConnect', 'ws:Phantom']) expect(standardWalletOf(id)).toBeUndefined()
  })
})

describe('currentConnectorId', () => {
  it('maps only an old `ws:<name>` id', () => {
    expect(currentConnectorId('ws:Phantom')).toBe('ws:solana:Phantom')
    for (const id of ['ws:solana:Phantom', 'ws:bip122:Xverse', 'io.metamask', 'multi:phantom', 'walletConnect'])
      expect(currentConnectorId(id)).toBe(id)
  })
})
