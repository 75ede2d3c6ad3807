import { getNetwork, parseChainId, toHexChainId } from '@airlock/chains'
import { classifyFrameRpc, EVM_ADDRESS, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { EmbeddedRequest, EmbeddedSigning, EmbeddedWallet, FrameSign, NetworkContext } from '../types'
import { checkSendCalls, getCallsStatus, getCapabilities, sendCallsInFrame, showCallsStatus } from './calls'
import {
  checkGrant,
  checkRevoke,
  getGrantedPermissions,
  getSupportedPermissions,
  GRANT_METHODS,
  grantInFrame,
  REVOKE_METHODS,
  revokeInFrame,
} from './permissions'
import {
  checkTransactionRequest,
  fillTransaction,
  SIGNATURE,
  SIGNED_TRANSACTION,
  TRANSACTION_HASH,
  type Hex,
  type TransactionRequest,
} from './transaction'
import { otherAccountError, otherChainError } from '../rpcChecks'

/**
 * The dapp's EIP-1193 calls to the embedded wallet (SPEC section 6): accounts and the chain from
 * the widget's state, safe reads to the RPC proxy without UI, signing methods checked, then shown
 * and signed by the secure frame; anything else 'Requested RPC call is not allowed'.
 */
async function eip155EmbeddedRequest(wallet: EmbeddedWallet, request: EmbeddedRequest): Promise<unknown> {
  const { caipNetworkId, address, method, params } = request
  const chainId = parseChainId(caipNetworkId.slice('eip155:'.length))
  if (!EVM_ADDRESS.test(address) || chainId === undefined)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet is not connected')
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [address]
    case 'eth_chainId':
      return toHexChainId(chainId)
    case 'wallet_switchEthereumChain':
      await wallet.switchNetwork(`eip155:${knownChainId(wallet.networks, params, method)}`)
      return null
    case 'wallet_getCapabilities':
      return getCapabilities(wallet, params, address, chainId)
    case 'wallet_getSupportedExecutionPermissions':
      return getSupportedPermissions(wallet, params)
    case 'wallet_getGrantedExecutionPermissions':
      return getGrantedPermissions(wallet, params, address, chainId)
    case 'wallet_getCallsStatus':
      return getCallsStatus(wallet, params, chainId)
    case 'wallet_showCallsStatus':
      return showCallsStatus(wallet, params, chainId)
    case 'wallet_addEthereumChain':
      // The embedded wallet knows the networks the widget offers: "adding" one is a no-op (as a
      // wallet does for a chain it has), and the switch that follows asks the frame.
      if (knownChainId(wallet.networks, params, method, false) !== undefined) return null
  }
  // The frame's policy lists every family's methods: another family's (Bitcoin's signMessage, a
  // solana_* one) is none of this wallet's on eip155.
  switch (isEip155Method(method) ? classifyFrameRpc(method) : 'disallowed') {
    case 'safe':
      return wallet.rpc(method, params)
    case 'disallowed':
      throw wallet.notAllowed()
    case 'confirm':
      if (GRANT_METHODS.has(method))
        return wallet.confirm(
          () => checkGrant(wallet, method, params, address, chainId),
          (checked, frame) => grantInFrame(wallet, checked, address, chainId, frame),
        )
      if (REVOKE_METHODS.has(method))
        return wallet.confirm(
          () => checkRevoke(wallet, method, params, chainId),
          (checked, frame) => revokeInFrame(checked, chainId, frame),
        )
      if (method === 'wallet_sendCalls')
        return wallet.confirm(
          () => checkSendCalls(wallet, params, address, chainId),
          (batch, frame) => sendCallsInFrame(wallet, batch, params, chainId, frame),
        )
      return wallet.confirm(
        () => {
          const transaction = method === 'eth_sendTransaction' ? checkTransactionRequest(params, address as Hex, chainId) : undefined
          if (!transaction) checkSigningParams(method, params, address as Hex, chainId)
          return transaction
        },
        (transaction, frame) => signInFrame(wallet, request, chainId, transaction, frame),
      )
  }
}

/**
 * The request's turn in the frame. A transaction is filled first (nonce, gas, fees), so that the
 * frame shows and signs the whole of it; its signed form is broadcast here.
 */
async function signInFrame(
  wallet: EmbeddedWallet,
  { address, params }: EmbeddedRequest,
  chainId: number,
  transaction: TransactionRequest | undefined,
  frame: FrameSign,
): Promise<unknown> {
  const signed = transaction ? [await fillTransaction(transaction, address as Hex, chainId, wallet.rpc)] : params
  const answer = await frame(signed, chainId)
  if (!transaction) {
    if (typeof answer !== 'string' || !SIGNATURE.test(answer))
      throw new ProviderRpcError(RpcErrorCode.InternalError, 'The secure frame returned a malformed signature')
    return answer
  }
  if (typeof answer !== 'string' || !SIGNED_TRANSACTION.test(answer))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The secure frame returned a malformed signed transaction')
  const hash = await wallet.rpc('eth_sendRawTransaction', [answer])
  if (typeof hash !== 'string' || !TRANSACTION_HASH.test(hash))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The node returned a malformed transaction hash')
  return hash
}

/**
 * personal_sign [message, account] and eth_signTypedData_v4 [account, typedData]: the account must
 * be the connected one, and typed data for another chain is refused (as MetaMask does).
 */
function checkSigningParams(method: string, params: unknown, from: Hex, chainId: number): void {
  if (!Array.isArray(params) || params.length < 2) throw invalid(`${method} takes two params`)
  const [first, second] = params as unknown[]
  const [account, payload] = method === 'personal_sign' ? [second, first] : [first, second]
  if (typeof account !== 'string' || !EVM_ADDRESS.test(account)) throw invalid('Address is invalid')
  if (account.toLowerCase() !== from.toLowerCase()) throw otherAccountError()
  if (method === 'personal_sign') {
    if (typeof payload !== 'string') throw invalid('personal_sign signs a string')
    return
  }
  const typed = typeof payload === 'string' ? parseJson(payload) : payload
  if (typeof typed !== 'object' || typed === null || Array.isArray(typed)) throw invalid('eth_signTypedData_v4 takes typed data')
  const { types, primaryType, domain, message } = typed as Record<string, unknown>
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string' || typeof message !== 'object' || message === null)
    throw invalid('Typed data needs types, primaryType and message')
  const domainChain = (domain as { chainId?: unknown } | undefined)?.chainId
  if (domainChain !== undefined) {
    const id = typeof domainChain === 'string' || typeof domainChain === 'number' ? parseChainId(domainChain) : undefined
    if (id !== chainId) throw otherChainError(String(domainChain), chainId)
  }
}

/** The chain id of [{chainId}] when the widget knows the network (offered by the dapp, or in the catalog). */
function knownChainId(networks: NetworkContext, params: unknown, method: string): number
function knownChainId(networks: NetworkContext, params: unknown, method: string, strict: false): number | undefined
function knownChainId(networks: NetworkContext, params: unknown, method: string, strict = true): number | undefined {
  const requested = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined
  const chainId = parseChainId(requested)
  const caip = `eip155:${chainId}`
  const known = chainId !== undefined && (networks.requested.includes(caip) || getNetwork(caip) !== undefined)
  if (known || !strict) return known ? chainId : undefined
  if (chainId === undefined) throw invalid(`${method} takes [{ chainId }]`)
  throw new ProviderRpcError(RpcErrorCode.SwitchChainError)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Ethereum's JSON-RPC names (eth_*, net_*, web3_*, personal_*, wallet_*); the frame's policy classifies them further. */
const isEip155Method = (method: string) => /^(eth|net|web3|personal|wallet)_/.test(method)

const invalid = (message: string) => new ProviderRpcError(RpcErrorCode.InvalidParams, message)

/** What the secure frame signs on eip155 today; the other confirmation methods answer 4200 until they are built. */
export const eip155Embedded: EmbeddedSigning = {
  signingMethods: new Set([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_sendCalls',
    ...GRANT_METHODS,
    ...REVOKE_METHODS,
  ]),
  request: eip155EmbeddedRequest,
}
