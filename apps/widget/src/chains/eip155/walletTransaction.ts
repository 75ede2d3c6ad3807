import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WalletCall, WalletSend } from '../types'
import { TRANSACTION_HASH } from './transaction'

/** What a call's `fee` carries on eip155 (WalletCall): the builder's gas and gas price. */
export interface CallFee {
  gas?: bigint | undefined
  gasPrice?: bigint | undefined
}

const hex = (value: bigint) => `0x${value.toString(16)}`

/** A call as wallets take it (eth_sendTransaction, wallet_sendCalls): the amount in hex, no empty data (a wallet may refuse '0x' on a plain send). */
export function walletCallFields(call: Pick<WalletCall, 'to' | 'data' | 'value'>): { to: string; data?: string; value: string } {
  return { to: call.to, ...(call.data && call.data !== '0x' ? { data: call.data } : {}), value: hex(call.value ?? 0n) }
}

/** eth_sendTransaction of `call` through the connected wallet; answers the transaction hash. */
export async function sendEip155Call(send: WalletSend, call: WalletCall): Promise<string> {
  const fee = (call.fee ?? {}) as CallFee
  const hash = await send('eth_sendTransaction', [
    {
      from: call.from,
      ...walletCallFields(call),
      ...(fee.gas !== undefined ? { gas: hex(fee.gas) } : {}),
      ...(fee.gasPrice !== undefined ? { gasPrice: hex(fee.gasPrice) } : {}),
    },
  ])
  if (typeof hash !== 'string' || !TRANSACTION_HASH.test(hash))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed transaction hash')
  return hash
}
