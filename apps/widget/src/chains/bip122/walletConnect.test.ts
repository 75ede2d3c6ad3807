import { bitcoin, bitcoinRegtest } from '@airlock/chains'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from '@airlock/devnet/bitcoin/accounts'
import { RpcErrorCode } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { bitcoinWalletConnect } from './walletConnect'

const REGTEST = bitcoinRegtest.caipNetworkId
const MAINNET = bitcoin.caipNetworkId
const A = bitcoinDevnetAccounts[1]!.address
const ORDINALS = bitcoinDevnetTaprootAccounts[1]!.address
const LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const { proposal, accounts, approves } = bitcoinWalletConnect

describe('the bip122 proposal', () => {
  it('asks for every requested Bitcoin network, WalletConnect’s bip122 methods and its address event', () => {
    expect(proposal({ requested: ['eip155:1', REGTEST, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], rpcUrl: (id) => `rpc/${id}` })).toEqual({
      chains: [REGTEST],
      methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
      events: ['bip122_addressesChanged'],
      rpcMap: { '0f9188f13cb7b2c71f2a335e3a4fc328': `rpc/${REGTEST}` },
    })
    expect(proposal({ requested: ['eip155:1'], rpcUrl: (id) => id })).toBeUndefined()
  })
})

describe('the bip122 accounts of a session', () => {
  it('picks the first requested network the session holds; drops what is no Bitcoin address', () => {
    const session = [`${MAINNET}:${LEGACY}`, `${REGTEST}:${A}`, `${REGTEST}:0xabc`, `solana:x:${A}`]
    expect(accounts(session, [REGTEST, MAINNET])).toEqual({ namespace: 'bip122', addresses: [A], caipNetworkId: REGTEST })
    expect(accounts(session, [], MAINNET)).toEqual({ namespace: 'bip122', addresses: [LEGACY], caipNetworkId: MAINNET })
    expect(accounts([`${REGTEST}:0xabc`], [REGTEST])).toBeUndefined()
  })

  it('approves exactly the address and network of the session', () => {
    expect(approves([`${REGTEST}:${A}`], REGTEST, A)).toBe(true)
    expect(approves([`${REGTEST}:${A}`], MAINNET, A)).toBe(false)
    expect(approves([`${REGTEST}:${A}`], REGTEST, A.toUpperCase())).toBe(false)
  })
})

describe('Airlock’s Bitcoin RPC in WalletConnect’s bip122 methods', () => {
  const wallet = (answers: Record<string, unknown>) => {
    const sent: { method: string; params?: unknown }[] = []
    const send = async (method: string, params?: unknown) => {
      sent.push({ method, params })
      return answers[method]
    }
    const request = (method: string, params?: unknown) =>
      bitcoinWalletConnect.request!(send, { caipNetworkId: REGTEST, address: A, method, params })
    return { sent, request }
  }
  const PSBT = 'cHNidP8BAA=='

  it('names the session’s account, flattens the inputs to sign, writes amounts as strings', async () => {
    const txid = 'ab'.repeat(32)
    const { sent, request } = wallet({
      getAccountAddresses: [
        { address: A, intention: 'payment' },
        { address: ORDINALS, publicKey: 'ff'.repeat(32), intention: 'ordinal' },
      ],
      signMessage: { address: A, signature: 'c2lnbmF0dXJl' },
      signPsbt: { psbt: PSBT },
      sendTransfer: { txid },
    })
    expect(await request('getAddresses', { purposes: ['payment', 'ordinals'] })).toEqual({
      addresses: [
        { address: A, purpose: 'payment' },
        { address: ORDINALS, publicKey: 'ff'.repeat(32), purpose: 'ordinals' },
      ],
    })
    expect(await request('signMessage', { address: A, message: 'hi' })).toEqual({
      signature: 'c2lnbmF0dXJl',
      address: A,
      protocol: 'BIP322',
    })
    expect(await request('signPsbt', { psbt: PSBT, signInputs: { [A]: [0, 2], [ORDINALS]: [1] } })).toEqual({ psbt: PSBT })
    expect(await request('sendTransfer', { recipients: [{ address: ORDINALS, amount: 12_345 }] })).toEqual({ txid })
    expect(sent).toEqual([
      { method: 'getAccountAddresses', params: { account: A, intentions: ['payment', 'ordinal'] } },
      { method: 'signMessage', params: { account: A, message: 'hi', address: A, protocol: 'bip322' } },
      {
        method: 'signPsbt',
        params: {
          account: A,
          psbt: PSBT,
          signInputs: [
            { address: A, index: 0 },
            { address: A, index: 2 },
            { address: ORDINALS, index: 1 },
          ],
          broadcast: false,
        },
      },
      { method: 'sendTransfer', params: { account: A, recipientAddress: ORDINALS, amount: '12345' } },
    ])
  })

  it('refuses other methods and malformed answers', async () => {
    const { request } = wallet({ signPsbt: { psbt: 42 } })
    await expect(request('wallet_changeNetwork', { name: 'Mainnet' })).rejects.toMatchObject({ code: RpcErrorCode.UnsupportedMethod })
    await expect(request('signPsbt', { psbt: PSBT, signInputs: { [A]: [0] } })).rejects.toMatchObject({ code: RpcErrorCode.InternalError })
  })
})
