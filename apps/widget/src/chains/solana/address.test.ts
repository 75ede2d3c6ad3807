import { solana, solanaDevnet, solanaLocalnet, solanaTestnet } from '@airlock/chains'
import { RpcErrorCode } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { SolanaAddressError } from './address'
import { clusterOf, standardChainOf } from './clusters'
import { solanaAdapter } from './index'

const A = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

describe('Solana addresses', () => {
  it('takes base58 that decodes to 32 bytes, trimmed and otherwise untouched', () => {
    expect(solanaAdapter.parseAddress(`  ${A}\n`)).toEqual({ ok: true, address: A })
    expect(solanaAdapter.parseAddress(SYSTEM_PROGRAM)).toEqual({ ok: true, address: SYSTEM_PROGRAM })
    expect(solanaAdapter.isAddress(A)).toBe(true)
    expect(solanaAdapter.isAddress(` ${A}`)).toBe(false)
  })

  it.each([
    ['an EVM address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', SolanaAddressError.invalid],
    ['a character outside base58', `0${A.slice(1)}`, SolanaAddressError.invalid],
    ['too short', A.slice(0, 31), SolanaAddressError.invalid],
    ['an oversized input', A.repeat(1000), SolanaAddressError.invalid],
    ['empty', '', SolanaAddressError.invalid],
    ['a prototype name', 'constructor', SolanaAddressError.invalid],
    ['44 characters that decode to 33 bytes', 'z'.repeat(44), SolanaAddressError.length],
    ['32 characters that decode to 24 bytes', '2'.repeat(32), SolanaAddressError.length],
  ])('refuses %s with a clear error', (_name, input, error) => {
    expect(solanaAdapter.parseAddress(input)).toEqual({ ok: false, error })
    expect(solanaAdapter.isAddress(input)).toBe(false)
  })
})

describe('Solana clusters', () => {
  it('maps each CAIP-2 id to its Wallet Standard chain and back; the devnet of packages/devnet is localnet', () => {
    const pairs = [
      [solana, 'solana:mainnet'],
      [solanaDevnet, 'solana:devnet'],
      [solanaTestnet, 'solana:testnet'],
      [solanaLocalnet, 'solana:localnet'],
    ] as const
    for (const [network, chain] of pairs) {
      expect(standardChainOf(network.caipNetworkId)).toBe(chain)
      expect(clusterOf(chain)).toBe(network.caipNetworkId)
      expect(clusterOf(network.caipNetworkId)).toBe(network.caipNetworkId)
    }
    expect(solanaLocalnet.caipNetworkId).toBe('solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z')
    for (const unknown of ['solana:mainnet-beta', 'eip155:1', 'constructor', 'solana:__proto__']) {
      expect(clusterOf(unknown)).toBeUndefined()
      expect(standardChainOf(unknown)).toBeUndefined()
    }
  })

  it('switches to a known cluster without asking the wallet, and refuses anything else with 4902', async () => {
    const asked: string[] = []
    const send = async (method: string) => void asked.push(method)
    const networks = { requested: [], rpcUrl: (id: string) => id }
    await expect(solanaAdapter.switchNetwork(send, solanaDevnet.caipNetworkId, networks)).resolves.toBeUndefined()
    for (const other of ['eip155:1', 'solana:unknown', 'solana:mainnet'])
      await expect(solanaAdapter.switchNetwork(send, other, networks)).rejects.toMatchObject({
        code: RpcErrorCode.SwitchChainError,
        message: 'Chain is not supported',
      })
    expect(asked).toEqual([])
  })

  it('has the Solana texts of SPEC section 8', () => {
    expect(solanaAdapter.sendTexts).toEqual({
      invalid: 'Please enter a valid amount and receiver address',
      failed: 'Failed to send transaction. Please try again.',
    })
  })
})
