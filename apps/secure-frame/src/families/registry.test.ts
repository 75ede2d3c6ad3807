import { FRAME_CONFIRM_RPC_METHODS } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { FAMILIES, familyOf } from './registry'
import { decodeRequest, loadView } from './views'

describe('families', () => {
  it('registers eip155, solana, bip122 and polkadot', () => {
    expect(FAMILIES.map((family) => family.namespace)).toEqual(['eip155', 'solana', 'bip122', 'polkadot'])
  })

  it('shows a family’s requests once its view has loaded, eip155’s from the start', async () => {
    const message = (method: string, params: object, chainId: number | string) =>
      decodeRequest({ method, params, chainId, from: 'x' } as never)
    const bitcoin = () => message('signMessage', { address: 'x', message: 'hello' }, 'bip122:000000000019d6689c085ae165831e93')
    expect(message('personal_sign', ['0x68656c6c6f', 'x'], 1).kind).toBe('message')
    expect(bitcoin()).toMatchObject({ kind: 'invalid', error: 'signMessage cannot be confirmed here.' })
    await loadView('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoin().kind).toBe('message')
  })

  it('gives every confirmation method to exactly one family', () => {
    for (const method of FRAME_CONFIRM_RPC_METHODS) {
      expect(
        FAMILIES.filter((family) => family.methods.includes(method)),
        method,
      ).toHaveLength(1)
    }
    expect(familyOf('solana_signMessage')?.namespace).toBe('solana')
    expect(familyOf('personal_sign')?.namespace).toBe('eip155')
    expect(familyOf('signPsbt')?.namespace).toBe('bip122')
    expect(familyOf('polkadot_signTransaction')?.namespace).toBe('polkadot')
    expect(familyOf('eth_sign')).toBeUndefined()
  })
})
