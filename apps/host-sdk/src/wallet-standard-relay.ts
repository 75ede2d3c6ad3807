import {
  ProviderRpcError,
  RpcErrorCode,
  WALLET_STANDARD_CALLS,
  walletStandardParamChecks,
  type WalletStandardCall,
} from '@airlock/protocol'
import { relayable } from './connector'
import { plainAccount, type StandardWallet, type StandardWalletAccount } from './standard'

type Feature = Record<string, (input: unknown) => Promise<unknown>>

/**
 * Relays one of the widget's calls to a Wallet Standard wallet of the page: only the features of
 * WALLET_STANDARD_CALLS, with checked plain-data params, an account named by its address, and
 * plain data back (the first output of the wallet's array of outputs), which the widget checks.
 */
export async function relayStandardRequest(wallet: StandardWallet, method: string, params: unknown): Promise<unknown> {
  const call = method as WalletStandardCall
  const name = method.slice(method.indexOf(':') + 1)
  const feature = WALLET_STANDARD_CALLS.includes(call) ? (wallet.features[call] as Feature | undefined) : undefined
  if (typeof feature?.[name] !== 'function') {
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `This wallet does not support ${method.slice(0, 100)}`)
  }
  if (!walletStandardParamChecks[call].safeParse(params).success) {
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
  }
  let input = params as { account?: unknown } | undefined
  if (input?.account !== undefined) {
    const account = wallet.accounts.find((known) => known.address === input!.account)
    if (!account) throw new ProviderRpcError(RpcErrorCode.Unauthorized, `Account ${input.account} is not connected in this wallet`)
    input = { ...input, account }
  }
  const output = (await feature[name](input)) as { accounts: StandardWalletAccount[] } & unknown[]
  return relayable(call === 'standard:connect' ? { accounts: output.accounts.map(plainAccount) } : output?.[0])
}
