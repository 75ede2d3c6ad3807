import { describe, expect, it } from 'vitest'
import { isSolanaMethod, solanaMethodParams, solanaMethodResults } from './solana'

const pubkey = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('the Solana JSON-RPC schemas', () => {
  it('take WalletConnect’s shapes', () => {
    expect(solanaMethodParams.solana_signMessage.safeParse({ message: '3yZe7d', pubkey }).success).toBe(true)
    expect(
      solanaMethodParams.solana_signAndSendTransaction.safeParse({ transaction: 'AQID', sendOptions: { skipPreflight: true } }).success,
    ).toBe(true)
    expect(
      solanaMethodResults.solana_signTransaction.safeParse({
        signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnb',
        transaction: 'AQID',
      }).success,
    ).toBe(true)
  })

  it('refuse what is not base58 or base64, too long, or a method outside the list', () => {
    expect(solanaMethodParams.solana_signMessage.safeParse({ message: '0OIl', pubkey }).success).toBe(false)
    expect(solanaMethodParams.solana_signMessage.safeParse({ message: 'abc', pubkey: '0x' + 'a'.repeat(40) }).success).toBe(false)
    expect(solanaMethodParams.solana_signTransaction.safeParse({ transaction: 'A'.repeat(1648) }).success).toBe(false)
    expect(solanaMethodParams.solana_signTransaction.safeParse({ transaction: '<script>' }).success).toBe(false)
    expect(isSolanaMethod('solana_signAllTransactions')).toBe(false)
    expect(isSolanaMethod('solana_signMessage')).toBe(true)
  })
})
