import { FRAME_CONFIRM_RPC_METHODS } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { FAMILIES, familyOf } from './registry'
import { FAMILY_VIEWS } from './views'

describe('families', () => {
  it('registers eip155, solana and bip122 only; polkadot is not pretended', () => {
    expect(FAMILIES.map((family) => family.namespace)).toEqual(['eip155', 'solana', 'bip122'])
    expect(FAMILY_VIEWS.map((view) => view.namespace)).toEqual(['eip155', 'solana', 'bip122'])
  })

  it('gives every confirmation method to exactly one family', () => {
    for (const method of FRAME_CONFIRM_RPC_METHODS) {
      expect(FAMILIES.filter((family) => family.methods.includes(method)), method).toHaveLength(1)
    }
    expect(familyOf('solana_signMessage')?.namespace).toBe('solana')
    expect(familyOf('personal_sign')?.namespace).toBe('eip155')
    expect(familyOf('signPsbt')?.namespace).toBe('bip122')
    expect(familyOf('eth_sign')).toBeUndefined()
  })
})
