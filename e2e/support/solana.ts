import type { FrameLocator, Page } from '@playwright/test'
import { SOLANA_DEVNET_USDC_MINT } from '@airlock/devnet/solana/accounts'
import { newSolanaKey } from '@airlock/devnet/solana/client'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { expect, solanaEndpoints } from '../fixtures'
import { accountSettled, pickSendToken } from './walletFeatures'

/** The Solana devnet as the tests read it (through its own JSON-RPC, not the widget's), and the dapp's Solana provider. */

export const SOLANA = 'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z'

export async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(solanaEndpoints.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const { result, error } = (await response.json()) as { result: T; error?: { message: string } }
  if (error) throw new Error(error.message)
  return result
}
export const lamportsOf = async (owner: string) =>
  BigInt((await rpc<{ value: number }>('getBalance', [owner, { commitment: 'confirmed' }])).value)
export async function usdcOf(owner: string): Promise<bigint> {
  const { value } = await rpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>(
    'getTokenAccountsByOwner',
    [owner, { mint: SOLANA_DEVNET_USDC_MINT }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
  )
  return value.reduce((sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount), 0n)
}
/** A receiver no other test touches (a wallet's key, so that its token accounts are the usual ones). */
export const freshSolanaAddress = async () => (await newSolanaKey()).address

export const solanaRequest = (page: Page, method: string, params?: unknown) =>
  page.evaluate(
    ([method, params]) =>
      window
        .airlock!.getProvider('solana')
        .request({ method, ...(params === undefined ? {} : { params }) } as never)
        .catch((error: { code?: number; message: string }) => ({ code: error.code, message: error.message })),
    [method, params] as const,
  )

/** Has the dapp's Solana provider sign `text`; answers whether the signature verifies for `address` (ed25519), or the error. */
export async function signSolanaMessage(page: Page, address: string, text: string): Promise<boolean | { code?: number; message: string }> {
  const message = new TextEncoder().encode(text)
  const answer = (await solanaRequest(page, 'solana_signMessage', { message: base58.encode(message), pubkey: address })) as
    { signature: string } | { code?: number; message: string }
  if (!('signature' in answer)) return answer
  return ed25519.verify(base58.decode(answer.signature), message, base58.decode(address))
}

/** Opens the Account view on the connected Solana account (the dapp's open({ namespace })). */
export async function openSolanaAccountView(page: Page, widget: FrameLocator): Promise<void> {
  await page.evaluate(() => window.airlock!.open({ view: 'Account', namespace: 'solana' }))
  await expect.poll(() => page.evaluate(() => window.airlock!.getState().activeNamespace)).toBe('solana')
  await accountSettled(widget)
}

/** From the Solana Account view's Send button to the Send form with `symbol` picked. */
export async function openSolanaSendForm(page: Page, widget: FrameLocator, symbol: string): Promise<void> {
  await openSolanaAccountView(page, widget)
  await widget.getByTestId('account-feature-send').click()
  await expect(widget.getByTestId('wallet-send-view')).toBeVisible()
  await pickSendToken(widget, symbol)
}
