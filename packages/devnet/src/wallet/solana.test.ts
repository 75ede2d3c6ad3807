import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterEach, describe, expect, it } from 'vitest'
import { solanaDevnetAccounts } from '../solana/accounts'
import { DEVNET_WALLET_ICON } from './icon'
import { createDevnetSolanaWallet } from './solana'

const [me, other] = solanaDevnetAccounts as [(typeof solanaDevnetAccounts)[0], (typeof solanaDevnetAccounts)[0]]

type Feature = (...inputs: object[]) => Promise<Record<string, Uint8Array | undefined>[]>
function open(config: Partial<Parameters<typeof createDevnetSolanaWallet>[0]> = {}) {
  const { wallet, devnet } = createDevnetSolanaWallet({ icon: DEVNET_WALLET_ICON, ...config })
  const f = wallet.features
  return {
    wallet,
    devnet,
    connect: (input?: { silent?: boolean }) => f['standard:connect'].connect(input),
    signMessage: f['solana:signMessage'].signMessage as unknown as Feature,
    signTransaction: f['solana:signTransaction'].signTransaction as Feature,
    signAndSendTransaction: f['solana:signAndSendTransaction'].signAndSendTransaction as Feature,
  }
}

/** An unsigned transfer of 1 lamport from `from` to `to`, as a dapp hands it to a wallet. */
function transfer(from: string, to: string): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(other.address), lastValidBlockHeight: 100n }, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: createNoopSigner(address(from)), destination: address(to), amount: 1n }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('the devnet Solana wallet', () => {
  it('is a Wallet Standard wallet of the first Solana devnet account that connects on approval', async () => {
    const { wallet, connect } = open()
    expect(wallet).toMatchObject({ version: '1.0.0', name: 'Devnet Wallet', icon: DEVNET_WALLET_ICON, chains: ['solana:localnet'] })
    expect(await connect({ silent: true })).toEqual({ accounts: [] })
    const changes: unknown[] = []
    wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts.map((a) => a.address)))
    const { accounts } = await connect()
    expect(accounts.map((a) => [a.address, base58.encode(a.publicKey)])).toEqual([[me.address, me.address]])
    expect(wallet.accounts).toEqual(accounts)
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([[me.address], []])
  })

  it('signs messages and transactions with signatures that verify (ed25519)', async () => {
    const { wallet, connect, signMessage, signTransaction } = open()
    const [account] = (await connect()).accounts
    const message = new TextEncoder().encode('Sign in to the demo')
    const [signed] = await signMessage({ account, message })
    expect(signed!.signedMessage).toEqual(message)
    expect(ed25519.verify(signed!.signature!, message, account!.publicKey)).toBe(true)
    expect(ed25519.verify(signed!.signature!, new TextEncoder().encode('Something else'), account!.publicKey)).toBe(false)

    const [{ signedTransaction }] = (await signTransaction({ account, transaction: transfer(me.address, other.address) })) as [
      { signedTransaction: Uint8Array },
    ]
    const decoded = getTransactionDecoder().decode(signedTransaction)
    const signature = decoded.signatures[address(me.address)]!
    expect(ed25519.verify(signature, new Uint8Array(decoded.messageBytes), wallet.accounts[0]!.publicKey)).toBe(true)
  })

  it('refuses what the user did not allow: reject mode (4001), another account (4100), a transaction it does not sign', async () => {
    const { devnet, connect, signMessage, signTransaction } = open()
    const message = new Uint8Array([1, 2, 3])
    const [account] = (await connect()).accounts
    const stranger = { ...account, address: other.address }
    await expect(signMessage({ account: stranger, message })).rejects.toMatchObject({ code: 4100 })
    await expect(signTransaction({ account, transaction: transfer(other.address, me.address) })).rejects.toMatchObject({
      code: -32602,
      message: `${me.address} is not a signer of this transaction`,
    })
    await expect(signTransaction({ account, transaction: new Uint8Array([1, 2]) })).rejects.toMatchObject({ code: -32602 })

    devnet.setMode('reject')
    await expect(signMessage({ account, message })).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    const fresh = open()
    fresh.devnet.setMode('reject')
    await expect(fresh.connect()).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(fresh.wallet.accounts).toEqual([])
    expect(() => devnet.setMode('maybe' as 'reject')).toThrow('Unknown devnet wallet mode "maybe"')
  })

  describe('signAndSendTransaction, against a JSON-RPC stand-in at the network edge', () => {
    let server: Server | undefined
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

    it('sends the signed transaction base64 with the options, and returns the signature the node answers', async () => {
      const received: { method: string; params: [string, Record<string, unknown>] }[] = []
      server = createServer((req, res) => {
        let body = ''
        req.on('data', (chunk) => (body += chunk))
        req.on('end', () => {
          const call = JSON.parse(body)
          received.push(call)
          // As a node answers: the transaction id, base58 of its first signature.
          const tx = getTransactionDecoder().decode(base64.decode(call.params[0]))
          const result = base58.encode(Object.values(tx.signatures)[0]!)
          res.setHeader('content-type', 'application/json').end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
        })
      })
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      const { connect, signAndSendTransaction } = open({ solanaRpc: `http://127.0.0.1:${port}` })
      const [account] = (await connect()).accounts
      const [{ signature }] = (await signAndSendTransaction({
        account,
        transaction: transfer(me.address, other.address),
        chain: 'solana:localnet',
        options: { skipPreflight: true, commitment: 'confirmed' },
      })) as [{ signature: Uint8Array }]

      expect(received.map((r) => r.method)).toEqual(['sendTransaction'])
      const [sent, options] = received[0]!.params
      expect(options).toEqual({ encoding: 'base64', skipPreflight: true })
      const tx = getTransactionDecoder().decode(base64.decode(sent))
      expect(signature).toEqual(new Uint8Array(tx.signatures[address(me.address)]!))
      expect(ed25519.verify(signature, new Uint8Array(tx.messageBytes), account!.publicKey)).toBe(true)
    })
  })
})
