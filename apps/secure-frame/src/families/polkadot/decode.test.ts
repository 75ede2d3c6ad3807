import { createSiwxMessage } from '@airlock/protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import { SiwxText } from '../../display/siwx'
import { decodeRequest, isApprovable, loadView } from '../views'
import { DEVNET, devnetAccount } from './testing'

beforeAll(() => loadView(DEVNET.id))

const ME = (await devnetAccount()).addresses[DEVNET.id]!
const ORIGIN = 'http://dapp.localhost:4400'
const NOW = Date.parse('2026-11-28T12:00:00.000Z')
const signIn = (domain: string) =>
  createSiwxMessage({
    domain,
    accountAddress: ME,
    statement: 'Sign in to the Demo Dapp.',
    uri: `http://${domain}`,
    version: '1',
    chainId: DEVNET.id,
    nonce: 'a1b2c3d4e5f6g7h8',
    issuedAt: '2026-11-28T11:59:30.000Z',
    expirationTime: '2026-11-28T12:09:30.000Z',
  })
const message = (text: string) =>
  decodeRequest(
    { method: 'polkadot_signMessage', params: { address: ME, message: text }, chainId: DEVNET.id, from: ME },
    { dappOrigin: ORIGIN, now: NOW },
  )

describe('a Polkadot message in the confirmation', () => {
  it('shows a sign-in (the Substrate template) as one: this account, this network, no warning', () => {
    const decoded = message(signIn('dapp.localhost:4400'))
    expect(decoded).toMatchObject({
      kind: 'message',
      siwx: { namespace: 'polkadot', networkName: 'Airlock Polkadot Devnet', data: { accountAddress: ME } },
      warnings: [],
    })
    expect(isApprovable(decoded)).toBe(true)
  })

  it('refuses a sign-in for another site', () => {
    const decoded = message(signIn('bank.example'))
    expect(decoded).toMatchObject({ kind: 'message', siwx: { refusal: SiwxText.otherSite('bank.example', ORIGIN) } })
    expect(isApprovable(decoded)).toBe(false)
  })

  it('shows hex as the text it encodes when it is text, as hex otherwise; odd hex cannot be approved', () => {
    expect(message('0x68656c6c6f')).toMatchObject({ kind: 'message', message: { format: 'text', display: 'hello' } })
    expect(message('0x00ff')).toMatchObject({ kind: 'message', message: { format: 'hex', display: '0x00ff' } })
    expect(isApprovable(message('0x123'))).toBe(false)
  })
})
