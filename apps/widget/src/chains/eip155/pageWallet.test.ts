import type { ConnectorDescription } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import type { PageCall } from '../types'
import { eip155PageWallet } from './pageWallet'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const description: ConnectorDescription = { id: 'slow-wallet', type: 'EXTERNAL', namespace: 'eip155', name: 'Slow Wallet' }
const networks = { requested: ['eip155:31337'], rpcUrl: (id: string) => id }

/** A wallet that answers each call `delays[method]` ms late, and logs when each call ran in it. */
function slowWallet(delays: Record<string, number>) {
  const ran: string[] = []
  let granted = true
  const call: PageCall = async (method) => {
    await new Promise((resolve) => setTimeout(resolve, delays[method] ?? 0))
    ran.push(method)
    if (method === 'wallet_revokePermissions') granted = false
    if (method === 'eth_requestAccounts') granted = true
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return granted ? [ADDRESS] : []
    if (method === 'eth_chainId') return '0x7a69'
    return null
  }
  return { call, ran, granted: () => granted }
}

describe('an EIP-1193 wallet of the page', () => {
  it('a connect right after a disconnect waits for its revoke, so a slow revoke cannot take back the new grant', async () => {
    const wallet = slowWallet({ wallet_revokePermissions: 300, eth_requestAccounts: 10 })
    await eip155PageWallet.disconnect(wallet.call, description)
    const accounts = await eip155PageWallet.connect(wallet.call, description, networks)
    expect(accounts).toEqual({ namespace: 'eip155', addresses: [ADDRESS], caipNetworkId: 'eip155:31337' })
    expect(wallet.ran).toEqual(['wallet_revokePermissions', 'eth_requestAccounts', 'eth_chainId'])
    expect(wallet.granted()).toBe(true)
  })

  it('a wallet that never answers the revoke delays the next connect by a bounded wait only', async () => {
    const hung: PageCall = (method) => (method === 'wallet_revokePermissions' ? new Promise(() => {}) : slowWallet({}).call(method))
    await eip155PageWallet.disconnect(hung, description)
    const started = Date.now()
    await expect(eip155PageWallet.connect(hung, description, networks)).resolves.toMatchObject({ addresses: [ADDRESS] })
    expect(Date.now() - started).toBeLessThan(2500)
  }, 5000)
})
