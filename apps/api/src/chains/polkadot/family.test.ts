import { encodeSs58 } from '@airlock/chains/polkadot'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot/accounts'
import { describe, expect, it } from 'vitest'
import { isMethodAllowed } from '../../capabilities/rpc/allowlist'
import { parseAnyAccount } from '../families'
import { isAddressOn, parsePolkadotAccount } from './address'
import { polkadotFamily } from './family'
import { POLKADOT_FORBIDDEN_METHOD, POLKADOT_PROXY_METHODS } from './rpc-methods'

const DEVNET = 'polkadot:45454545454545454545454545454545'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const alice = polkadotDevnetAccounts[0]!
// Alice's account id written with the Polkadot (0) and generic Substrate (42) prefixes.
const ALICE_0 = encodeSs58(Buffer.from(alice.publicKey.slice(2), 'hex'), 0)
const ALICE_42 = encodeSs58(Buffer.from(alice.publicKey.slice(2), 'hex'), 42)

describe('Polkadot accounts', () => {
  it('reads a bare SS58 address as written, of any prefix, and as no other family reads it', () => {
    for (const address of [alice.address, ALICE_0, ALICE_42]) {
      expect(polkadotFamily.parseAddress(address)).toBe(address)
      expect(parseAnyAccount(address)).toEqual({ namespace: 'polkadot', address })
    }
  })

  it("writes a CAIP-10 account in its network's SS58 form, whichever prefix it came with", () => {
    expect(parsePolkadotAccount(`${DEVNET}:${alice.address}`)).toEqual({ address: alice.address, chain: DEVNET })
    expect(parsePolkadotAccount(`${POLKADOT}:${ALICE_42}`)).toEqual({ address: ALICE_0, chain: POLKADOT })
    expect(parseAnyAccount(`${POLKADOT}:${ALICE_0}`)).toEqual({ namespace: 'polkadot', address: ALICE_0, chain: POLKADOT })
    expect(isAddressOn(ALICE_0, POLKADOT)).toBe(true)
    expect(isAddressOn(ALICE_42, POLKADOT)).toBe(false)
  })

  it.each([
    ['a checksum error', ALICE_0.slice(0, -1) + (ALICE_0.endsWith('5') ? '6' : '5')],
    ['a public key in hex', alice.publicKey],
    ['a Solana address', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
    ['a Bitcoin address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['an EVM address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['spaces around it', ` ${ALICE_0}`],
    ['an upper-case CAIP-2 reference', `polkadot:91B171BB158E2D3848FA23A9F1C25182:${ALICE_0}`],
  ])('refuses %s', (_kind, value) => {
    expect(polkadotFamily.parseAddress(value)).toBeUndefined()
    expect(parsePolkadotAccount(value)).toBeUndefined()
  })
})

describe('the Polkadot RPC allow-list', () => {
  it('forwards the methods it lists, none of them forbidden, and only for polkadot networks', () => {
    for (const method of POLKADOT_PROXY_METHODS) {
      expect(POLKADOT_FORBIDDEN_METHOD.test(method), method).toBe(false)
      expect(isMethodAllowed('polkadot', method)).toBe(true)
      expect(isMethodAllowed('eip155', method)).toBe(false)
    }
  })

  it.each([
    'dev_setStorage',
    'dev_newBlock',
    'author_insertKey',
    'author_rotateKeys',
    'author_hasKey',
    'author_hasSessionKeys',
    'author_removeExtrinsic',
    'author_submitAndWatchExtrinsic',
    'author_unwatchExtrinsic',
    'system_addReservedPeer',
    'system_removeReservedPeer',
    'system_resetLogFilter',
    'offchain_localStorageSet',
    'chain_subscribeFinalizedHeads',
    'state_unsubscribeStorage',
    'chainHead_v1_follow',
    'transactionWatch_v1_submitAndWatch',
  ])('forbids %s whatever a list says', (method) => {
    expect(POLKADOT_FORBIDDEN_METHOD.test(method)).toBe(true)
    expect(isMethodAllowed('polkadot', method)).toBe(false)
  })
})
