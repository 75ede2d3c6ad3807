import { generateKeyPairSync, sign as ed25519Sign } from 'node:crypto'
import { type AnvilNode, devnetAccounts, startAnvil } from '@airlock/devnet'
import { createSiwxMessage, SiwxSessionList, SiwxSessionResponse, SiwxVerifyResponse, type SiwxMessageData } from '@airlock/protocol'
import { getBase58Decoder } from '@solana/kit'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  serializeErc6492Signature,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { deployTestWallet, deployTestWalletFactory, testWalletAddress, testWalletDeployData } from '../identity/testing/test-wallet'
import { deadPort } from '../../testing/ports'
import { SiwxReason } from './reasons'
import { SIWX_NONCE_TTL_MS } from './rules'
import { askNonce, call, dappMessage, reasonOf, signIn, siwxTestApi, type SiwxTestApi } from '../../origins/api/testing/siwx'

// Sign-in through the whole API app (guard, PGlite) with smart-account signatures checked on a real chain.
const ANVIL_PORT = 18851
const CHAIN = 'eip155:31337'
const SOLANA = 'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z'

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const bob = privateKeyToAccount(devnetAccounts[1]!.privateKey)
const aliceSigns = (message: string) => alice.signMessage({ message })
const bobSigns = (message: string) => bob.signMessage({ message })
const saltOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

const solanaKey = generateKeyPairSync('ed25519')
const base58 = getBase58Decoder()
const solanaAddress = base58.decode(Buffer.from((solanaKey.publicKey.export({ format: 'jwk' }) as { x: string }).x, 'base64url'))
const solanaSigns = async (message: string) => base58.decode(ed25519Sign(null, Buffer.from(message, 'utf8'), solanaKey.privateKey))

let anvil: AnvilNode
let db: Database
let api: SiwxTestApi
let client: PublicClient
let factory: Address
let contractWallet: Address

const aliceMessage = async (fields: Partial<SiwxMessageData> = {}) =>
  dappMessage(api.clock.now, { accountAddress: alice.address, chainId: CHAIN, nonce: await askNonce(api.app), ...fields })

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: ANVIL_PORT })
  const devnet = defineChain({
    id: 31337,
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  client = createPublicClient({ chain: devnet, transport: http(anvil.rpcUrl) }) as PublicClient
  const wallet = createWalletClient({ account: alice, chain: devnet, transport: http(anvil.rpcUrl) })
  factory = await deployTestWalletFactory(wallet, client)
  contractWallet = await deployTestWallet(wallet, client, factory, alice.address, saltOf(1))
  db = await openDatabase()
  // The Solana cluster is served (its signatures need no node); eip155:31338 is configured but down.
  const down = `http://127.0.0.1:${await deadPort()}`
  api = siwxTestApi({ db, upstreams: { [CHAIN]: anvil.rpcUrl, 'eip155:31338': down, [SOLANA]: down } })
}, 60_000)

afterAll(async () => {
  await db?.close()
  await anvil?.stop()
})

describe('the message templates', () => {
  it('eip155 is EIP-4361 byte for byte as viem/siwe writes it, with and without the optional fields', () => {
    const base = {
      domain: 'dapp.localhost:4400',
      address: alice.address,
      uri: 'http://dapp.localhost:4400/',
      version: '1' as const,
      chainId: 31337,
      nonce: 'abcdef0123456789',
    }
    const issuedAt = new Date('2026-11-28T09:00:00.000Z')
    const full = {
      statement: 'Sign in to Demo',
      expirationTime: new Date('2026-11-28T10:00:00.000Z'),
      notBefore: issuedAt,
      requestId: 'r-1',
      resources: ['https://a.example/x', 'ipfs://bafy'],
    }
    for (const extra of [{}, full]) {
      const ours = createSiwxMessage({
        domain: base.domain,
        accountAddress: base.address,
        uri: base.uri,
        version: '1',
        chainId: CHAIN,
        nonce: base.nonce,
        issuedAt: issuedAt.toISOString(),
        ...('statement' in extra
          ? { ...full, expirationTime: full.expirationTime.toISOString(), notBefore: full.notBefore.toISOString() }
          : {}),
      })
      expect(ours).toBe(createSiweMessage({ ...base, issuedAt, ...extra }))
    }
  })
})

describe('POST /v1/siwx/sessions', () => {
  it('signs an EOA in: the session of SPEC section 3, a token /verify accepts, listed, and revoked by its token', async () => {
    const data = await aliceMessage()
    const reply = await signIn(api, data, aliceSigns)
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ data, message: createSiwxMessage(data), expiresAt: data.expirationTime })
    // The widget reads the answers with the protocol's schemas.
    expect(SiwxSessionResponse.safeParse(reply.body).error).toBeUndefined()
    const token = reply.body.token as string

    const verified = await call(api.app, 'POST', '/v1/siwx/verify', { token })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ valid: true, session: { id: reply.body.id, data } })
    expect(SiwxVerifyResponse.safeParse(verified.body).error).toBeUndefined()
    // Another project's backend cannot use this project's token.
    const elsewhere = await call(
      api.app,
      'POST',
      '/v1/siwx/verify',
      { token },
      { projectId: 'other', origin: 'http://other.localhost:4400' },
    )
    expect([elsewhere.status, reasonOf(elsewhere)]).toEqual([401, SiwxReason.tokenInvalid])

    const listed = await call(api.app, 'POST', '/v1/siwx/sessions/list', { token })
    expect((listed.body.sessions as { id: string }[]).map((session) => session.id)).toContain(reply.body.id)
    expect(JSON.stringify(listed.body)).not.toContain(token)
    expect(SiwxSessionList.safeParse(listed.body).error).toBeUndefined()
    // Who signed in, and when, is not read with an address alone, nor with a forged token.
    expect((await call(api.app, 'GET', `/v1/siwx/sessions?address=${alice.address}`)).status).toBe(404)
    const forgedToken = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(86)}`
    expect((await call(api.app, 'POST', '/v1/siwx/sessions/list', { token: forgedToken })).status).toBe(401)

    expect((await call(api.app, 'POST', '/v1/siwx/sessions/revoke', { token })).body).toEqual({ revoked: true })
    const after = await call(api.app, 'POST', '/v1/siwx/verify', { token })
    expect([after.status, reasonOf(after)]).toEqual([401, SiwxReason.revoked])
    const relisted = await call(api.app, 'POST', '/v1/siwx/sessions/list', { token })
    expect([relisted.status, reasonOf(relisted)]).toEqual([401, SiwxReason.revoked])
  })

  it('signs a deployed ERC-1271 contract wallet in, and refuses a signature its owner did not make', async () => {
    const data = await aliceMessage({ accountAddress: contractWallet })
    expect((await signIn(api, data, aliceSigns)).status).toBe(201)
    const forged = await signIn(api, await aliceMessage({ accountAddress: contractWallet }), bobSigns)
    expect([forged.status, reasonOf(forged)]).toEqual([401, SiwxReason.signatureInvalid])
  })

  it('signs a counterfactual ERC-6492 wallet in without deploying it', async () => {
    const predicted = testWalletAddress(factory, alice.address, saltOf(2))
    const wrapped = (signer: typeof aliceSigns) => async (message: string) =>
      serializeErc6492Signature({
        address: factory,
        data: testWalletDeployData(alice.address, saltOf(2)),
        signature: await signer(message),
      })
    expect((await signIn(api, await aliceMessage({ accountAddress: predicted }), wrapped(aliceSigns))).status).toBe(201)
    expect(await client.getCode({ address: predicted })).toBeUndefined()
    const forged = await signIn(api, await aliceMessage({ accountAddress: predicted }), wrapped(bobSigns))
    expect([forged.status, reasonOf(forged)]).toEqual([401, SiwxReason.signatureInvalid])
  })

  it('signs a Solana account in with its ed25519 signature, and refuses another key or a tampered text', async () => {
    const message = async () =>
      dappMessage(api.clock.now, { accountAddress: solanaAddress, chainId: SOLANA, nonce: await askNonce(api.app) })
    const reply = await signIn(api, await message(), solanaSigns)
    expect(reply.status).toBe(201)
    expect((reply.body.message as string).split('\n')[0]).toBe('dapp.localhost:4400 wants you to sign in with your Solana account:')
    const other = generateKeyPairSync('ed25519').privateKey
    const stranger = await signIn(api, await message(), async (text) => base58.decode(ed25519Sign(null, Buffer.from(text), other)))
    expect([stranger.status, reasonOf(stranger)]).toEqual([401, SiwxReason.signatureInvalid])
    const tampered = await signIn(api, await message(), solanaSigns, (text) => text.replace('Sign in to Demo', 'Sign in to Demo!'))
    expect([tampered.status, reasonOf(tampered)]).toEqual([401, SiwxReason.signatureInvalid])
  })

  it('refuses a replayed nonce, another project’s, a made-up one and an expired one', async () => {
    const data = await aliceMessage()
    const message = createSiwxMessage(data)
    const signature = await aliceSigns(message)
    expect((await call(api.app, 'POST', '/v1/siwx/sessions', { message, signature })).status).toBe(201)
    const replay = await call(api.app, 'POST', '/v1/siwx/sessions', { message, signature })
    expect([replay.status, reasonOf(replay)]).toEqual([409, SiwxReason.nonceUsed])

    const foreign = await signIn(api, await aliceMessage({ nonce: await askNonce(api.app, 'other') }), aliceSigns)
    expect([foreign.status, reasonOf(foreign)]).toEqual([400, SiwxReason.nonceUnknown])
    const madeUp = await signIn(api, await aliceMessage({ nonce: 'a1b2c3d4e5f60718' }), aliceSigns)
    expect([madeUp.status, reasonOf(madeUp)]).toEqual([400, SiwxReason.nonceUnknown])

    const stale = await aliceMessage()
    api.clock.now += SIWX_NONCE_TTL_MS
    try {
      const late = await signIn(api, stale, aliceSigns)
      expect([late.status, reasonOf(late)]).toEqual([400, SiwxReason.nonceExpired])
    } finally {
      api.clock.now -= SIWX_NONCE_TTL_MS
    }
  })

  it('refuses another site, a URI off the domain or the project, and a chain the API does not serve', async () => {
    const cases = [
      [{ domain: 'evil.example' }, SiwxReason.wrongDomain],
      [{ domain: 'other.localhost:4400', uri: 'http://other.localhost:4400/' }, SiwxReason.wrongDomain],
      [{ uri: 'http://evil.example/' }, SiwxReason.wrongUri],
      [{ uri: 'https://dapp.localhost:4400/' }, SiwxReason.wrongUri],
      [{ chainId: 'eip155:1' }, SiwxReason.wrongChain],
      [{ chainId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', accountAddress: solanaAddress }, SiwxReason.wrongChain],
    ] as const
    for (const [fields, reason] of cases) {
      const reply = await signIn(api, await aliceMessage(fields), aliceSigns)
      expect([reply.status, reasonOf(reply)], JSON.stringify(fields)).toEqual([400, reason])
    }
  })

  it('refuses an expired message and one not valid yet, allowing a minute of clock skew', async () => {
    const now = api.clock.now
    const iso = (ms: number) => new Date(ms).toISOString()
    const cases = [
      [{ expirationTime: iso(now - 1) }, 400, SiwxReason.expired],
      [{ notBefore: iso(now + 5 * 60_000) }, 400, SiwxReason.notYetValid],
      [{ issuedAt: iso(now + 5 * 60_000) }, 400, SiwxReason.notYetValid],
      [{ issuedAt: iso(now + 30_000), notBefore: iso(now + 30_000) }, 201, undefined],
    ] as const
    for (const [fields, status, reason] of cases) {
      const reply = await signIn(api, await aliceMessage(fields), aliceSigns)
      expect([reply.status, reasonOf(reply)], JSON.stringify(fields)).toEqual([status, reason])
    }
  })

  it('refuses a tampered message, a malformed signature, and texts that do not round-trip even when signed', async () => {
    const tampered = await signIn(api, await aliceMessage(), aliceSigns, (text) => text.replace(alice.address, bob.address))
    expect([tampered.status, reasonOf(tampered)]).toEqual([401, SiwxReason.signatureInvalid])
    const junk = await call(api.app, 'POST', '/v1/siwx/sessions', {
      message: createSiwxMessage(await aliceMessage()),
      signature: 'not-a-signature',
    })
    expect([junk.status, reasonOf(junk)]).toEqual([400, SiwxReason.signatureFormat])

    const canonical = createSiwxMessage(await aliceMessage())
    const variants = [
      [canonical.replaceAll('\n', '\r\n'), SiwxReason.notCanonical],
      [`${canonical}\n`, SiwxReason.notCanonical],
      [canonical.replace('Sign in to Demo\n', 'Sign in to Demo\n\n'), SiwxReason.notCanonical],
      [canonical.replace('Issued At: ', 'Issued At:  '), SiwxReason.malformed],
      [canonical.replace(/Issued At: (.*)\.\d{3}Z/, 'Issued At: $1Z'), SiwxReason.malformed],
      [canonical.replace(alice.address, alice.address.toLowerCase()), SiwxReason.address],
      [canonical.replace('Sign in to Demo', 'Sign in to\u0000Demo'), SiwxReason.malformed],
      [
        canonical.replace('wants you to sign in with your Ethereum account', 'wants you to sign in with your Dogecoin account'),
        SiwxReason.malformed,
      ],
    ] as const
    for (const [message, reason] of variants) {
      const reply = await call(api.app, 'POST', '/v1/siwx/sessions', { message, signature: await aliceSigns(message) })
      expect([reply.status, reasonOf(reply)], JSON.stringify(message)).toEqual([400, reason])
    }
  })

  it('answers 503 when a contract wallet cannot be checked because its chain is down', async () => {
    const reply = await signIn(api, await aliceMessage({ accountAddress: contractWallet, chainId: 'eip155:31338' }), aliceSigns)
    expect([reply.status, reasonOf(reply)]).toEqual([503, 'Signature could not be verified: chain eip155:31338 is unavailable'])
  })
})

describe('the project guard', () => {
  it('refuses nonces to an origin the project does not allow and to no project', async () => {
    expect((await call(api.app, 'POST', '/v1/siwx/nonce', undefined, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await call(api.app, 'POST', '/v1/siwx/nonce', undefined, { projectId: 'nope' })).status).toBe(401)
  })
})
