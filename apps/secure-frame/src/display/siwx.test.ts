import { solanaLocalnet } from '@airlock/chains'
import { createSiwxMessage, type SiwxMessageData } from '@airlock/protocol'
import { base58 } from '@scure/base'
import { toHex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeRequest, isApprovable, type DecodedRequest, loadView } from '../families/views'
import type { DecodeContext } from './decoded'
import { sameHost, SiwxText } from './siwx'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView('solana:'))

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DEVNET = 31337
const CLUSTER = solanaLocalnet.caipNetworkId as `solana:${string}`
const ME = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const SOL_OTHER = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const ORIGIN = 'http://dapp.localhost:4400'
const NOW = Date.parse('2026-11-28T12:00:00.000Z')
const CONTEXT: DecodeContext = { dappOrigin: ORIGIN, now: NOW }

const eip155Data = (change: Partial<SiwxMessageData> = {}): SiwxMessageData => ({
  domain: 'dapp.localhost:4400',
  accountAddress: FROM,
  statement: 'Sign in to the Demo Dapp.',
  uri: ORIGIN,
  version: '1',
  chainId: `eip155:${DEVNET}`,
  nonce: 'a1b2c3d4e5f6g7h8',
  issuedAt: '2026-11-28T11:59:30.000Z',
  expirationTime: '2026-11-28T12:09:30.000Z',
  ...change,
})
const solanaData = (change: Partial<SiwxMessageData> = {}) => eip155Data({ accountAddress: ME, chainId: CLUSTER, ...change })

const personalSign = (text: string, context = CONTEXT, chainId = DEVNET) =>
  decodeRequest({ method: 'personal_sign', params: [toHex(text), FROM], chainId, from: FROM }, context)
const solanaSign = (text: string, context = CONTEXT) =>
  decodeRequest(
    {
      method: 'solana_signMessage',
      params: { message: base58.encode(new TextEncoder().encode(text)), pubkey: ME },
      chainId: CLUSTER,
      from: ME,
    },
    context,
  )

function messageOf(decoded: DecodedRequest): Extract<DecodedRequest, { kind: 'message' }> {
  expect(decoded.kind, decoded.kind === 'invalid' ? decoded.error : undefined).toBe('message')
  return decoded as Extract<DecodedRequest, { kind: 'message' }>
}

describe('a sign-in message', () => {
  it('is recognised in a personal_sign (EIP-4361): its fields, the network by name, no warning, approvable', () => {
    const text = createSiwxMessage(eip155Data({ resources: ['https://dapp.localhost:4400/terms'] }))
    const decoded = messageOf(personalSign(text))
    expect(decoded.siwx).toEqual({
      namespace: 'eip155',
      data: eip155Data({ resources: ['https://dapp.localhost:4400/terms'] }),
      networkName: 'Airlock Devnet',
    })
    expect(decoded.message.display).toBe(text)
    expect(decoded.warnings).toEqual([])
    expect(isApprovable(decoded)).toBe(true)
  })

  it('is recognised in a solana_signMessage (CAIP-122), with the cluster by name', () => {
    const text = createSiwxMessage(solanaData({ statement: undefined, notBefore: '2026-11-28T11:59:00.000Z' }))
    const decoded = messageOf(solanaSign(text))
    expect(decoded.siwx).toMatchObject({ namespace: 'solana', networkName: 'Airlock Solana Devnet', data: { accountAddress: ME } })
    expect(decoded.warnings).toEqual([])
    expect(isApprovable(decoded)).toBe(true)
  })

  it("reads the address case-insensitively for eip155, and a domain's default port and case as the origin's", () => {
    const lower = messageOf(
      decodeRequest(
        { method: 'personal_sign', params: [toHex(createSiwxMessage(eip155Data())), FROM], chainId: DEVNET, from: FROM.toLowerCase() },
        CONTEXT,
      ),
    )
    expect(lower.warnings).toEqual([])
    expect(sameHost('example.com:443', 'https://example.com')).toBe(true)
    expect(sameHost('Example.COM', 'https://example.com')).toBe(true)
    expect(sameHost('example.com', 'http://example.com:8080')).toBe(false)
    expect(sameHost('app.example.com', 'https://example.com')).toBe(false)
    expect(sameHost('example.com', 'not an origin')).toBe(false)
  })

  it('for another site than the one asking is refused: shown as the sign-in it is, with why, and not approvable', () => {
    const decoded = messageOf(personalSign(createSiwxMessage(eip155Data({ domain: 'bank.example', uri: 'https://bank.example' }))))
    expect(decoded.siwx?.refusal).toBe(SiwxText.otherSite('bank.example', ORIGIN))
    expect(decoded.siwx?.refusal).toContain(`This sign-in is for bank.example, not the site asking (${ORIGIN})`)
    expect(isApprovable(decoded)).toBe(false)
    // The same for Solana, and for a port that is not the origin's.
    const solana = messageOf(solanaSign(createSiwxMessage(solanaData({ domain: 'dapp.localhost:4401' }))))
    expect(isApprovable(solana)).toBe(false)
  })

  it('warns when its URI is not on the site asking, or when nobody says which site asks', () => {
    const uri = messageOf(personalSign(createSiwxMessage(eip155Data({ uri: 'https://elsewhere.example/login' }))))
    expect(uri.warnings).toEqual([SiwxText.otherUri('https://elsewhere.example/login', ORIGIN)])
    expect(isApprovable(uri)).toBe(true)
    const unknown = messageOf(personalSign(createSiwxMessage(eip155Data()), { dappOrigin: undefined, now: NOW }))
    expect(unknown.warnings).toEqual([SiwxText.unknownSite('dapp.localhost:4400')])
    expect(isApprovable(unknown)).toBe(true)
  })

  it('warns when its account is not the signing account, or its chain not the wallet’s network', () => {
    const account = messageOf(personalSign(createSiwxMessage(eip155Data({ accountAddress: OTHER }))))
    expect(account.warnings).toEqual([SiwxText.otherAccount(OTHER, FROM)])
    const chain = messageOf(personalSign(createSiwxMessage(eip155Data({ chainId: 'eip155:1' }))))
    expect(chain.siwx?.networkName).toBe('Ethereum')
    expect(chain.warnings).toEqual([SiwxText.otherNetwork('Ethereum (eip155:1)', 'Airlock Devnet')])
    const solana = messageOf(
      solanaSign(createSiwxMessage(solanaData({ accountAddress: SOL_OTHER, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))),
    )
    expect(solana.warnings).toEqual([
      SiwxText.otherAccount(SOL_OTHER, ME),
      SiwxText.otherNetwork(`${solana.siwx!.networkName} (solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)`, 'Airlock Solana Devnet'),
    ])
    // An Ethereum sign-in asked of the Solana account.
    const family = messageOf(solanaSign(createSiwxMessage(eip155Data())))
    expect(family.warnings).toContain(SiwxText.otherAccount(FROM, ME))
    expect(family.warnings).toContain(SiwxText.otherNetwork('Airlock Devnet (eip155:31337)', 'Airlock Solana Devnet'))
  })

  it('warns when it has expired or is not valid yet', () => {
    const expired = messageOf(personalSign(createSiwxMessage(eip155Data({ expirationTime: '2026-11-28T11:59:59.000Z' }))))
    expect(expired.warnings).toEqual([SiwxText.expired('2026-11-28T11:59:59.000Z')])
    const early = messageOf(personalSign(createSiwxMessage(eip155Data({ notBefore: '2026-11-28T13:00:00.000Z' }))))
    expect(early.warnings).toEqual([SiwxText.notYet('2026-11-28T13:00:00.000Z')])
  })

  it('that does not round-trip is a plain message with a warning that it is malformed', () => {
    const valid = createSiwxMessage(eip155Data())
    const variants = [
      valid.replace('\nNonce:', '\nNonce:  '), // a field the template would not write
      valid.replace(/\n/g, '\r\n'), // CRLF
      `${valid}\nExtra: field`, // a line no template has
      valid.replace(FROM, 'not-an-address\nsecond line'), // two statements
      'https://dapp.localhost:4400 wants you to sign in with your Ethereum account:\n' + valid.split('\n').slice(1).join('\n'), // a scheme
      valid.replace('Ethereum account', 'Bitcoin account'), // an account kind the frame does not know
    ]
    for (const text of variants) {
      const decoded = messageOf(personalSign(text))
      expect(decoded.siwx, text).toBeUndefined()
      expect(decoded.warnings, text).toEqual([SiwxText.malformed])
      expect(isApprovable(decoded)).toBe(true)
    }
  })

  it('holding invisible characters is a plain message, never a sign-in', () => {
    const text = createSiwxMessage(eip155Data({ statement: 'Sign in \u202eto the Demo Dapp.' }))
    const decoded = messageOf(decodeRequest({ method: 'personal_sign', params: [text, FROM], chainId: DEVNET, from: FROM }, CONTEXT))
    expect(decoded.siwx).toBeUndefined()
    expect(decoded.warnings).toEqual([SiwxText.hidden])
  })

  it('leaves plain messages, hex and the other requests as they were', () => {
    for (const text of ['Sign in to Example\nNonce: 7', 'hello', 'I want you to sign in with your Ethereum account: please']) {
      const decoded = messageOf(personalSign(text))
      expect(decoded.siwx).toBeUndefined()
      expect(decoded.warnings).toEqual([])
      expect(messageOf(solanaSign(text)).siwx).toBeUndefined()
    }
    const bytes = messageOf(decodeRequest({ method: 'personal_sign', params: ['0xff00aa11', FROM], chainId: DEVNET, from: FROM }, CONTEXT))
    expect(bytes.message.format).toBe('hex')
    expect(bytes.siwx).toBeUndefined()
    expect(bytes.warnings).toEqual([])
  })
})
