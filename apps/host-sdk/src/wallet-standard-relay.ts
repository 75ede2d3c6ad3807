import {
  ProviderRpcError,
  RpcErrorCode,
  WALLET_STANDARD_CALLS,
  WALLET_STANDARD_FAMILIES,
  walletStandardParamChecks,
  type WalletStandardCall,
  type WalletStandardNamespace,
} from '@airlock/protocol'
import { relayable } from './connector'
import { familyAccounts, type StandardWallet, type StandardWalletAccount } from './standard'

type Feature = Record<string, (input: unknown) => Promise<unknown>>
type Input = { account?: unknown; inputsToSign?: { account: unknown }[] } | undefined

/**
 * Relays one of the widget's calls to one family (`namespace`) of a Wallet Standard wallet of the
 * page: only the features of WALLET_STANDARD_CALLS that are that family's (its connect feature,
 * its prefix, standard:disconnect), with checked plain-data params, accounts named by their
 * address (top-level, or in a PSBT's `inputsToSign`) and mapped to the wallet's own account of
 * the family, and plain data back (the first output of the wallet's array of outputs, or its
 * one output), which the widget checks.
 */
export async function relayStandardRequest(
  wallet: StandardWallet,
  namespace: WalletStandardNamespace,
  method: string,
  params: unknown,
): Promise<unknown> {
  const { prefix, connect } = WALLET_STANDARD_FAMILIES[namespace]
  const call = method as WalletStandardCall
  const name = method.slice(method.indexOf(':') + 1)
  const allowed = WALLET_STANDARD_CALLS.includes(call) && (call === connect || call === 'standard:disconnect' || call.startsWith(prefix))
  const feature = allowed ? (wallet.features[call] as Feature | undefined) : undefined
  if (typeof feature?.[name] !== 'function') {
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `This wallet does not support ${method.slice(0, 100)}`)
  }
  if (!walletStandardParamChecks[call].safeParse(params).success) {
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
  }
  const toAccount = (address: unknown): StandardWalletAccount => {
    const account = wallet.accounts.find((known) => known.address === address && known.chains.some((chain) => chain.startsWith(prefix)))
    if (!account) throw new ProviderRpcError(RpcErrorCode.Unauthorized, `Account ${String(address)} is not connected in this wallet`)
    return account
  }
  let input = params as Input
  if (input?.account !== undefined) input = { ...input, account: toAccount(input.account) }
  if (input?.inputsToSign) {
    input = { ...input, inputsToSign: input.inputsToSign.map((sign) => ({ ...sign, account: toAccount(sign.account) })) }
  }
  const output = await feature[name](input)
  if (call === connect)
    return relayable({ accounts: familyAccounts((output as { accounts: StandardWalletAccount[] }).accounts, namespace) })
  return relayable(Array.isArray(output) ? output[0] : output)
}
