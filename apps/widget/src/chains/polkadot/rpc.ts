import {
  polkadotMethodParams,
  polkadotMethodResults,
  type PolkadotMethod,
  type PolkadotParams,
  type PolkadotResult,
} from '@airlock/protocol'
import { checkedParams, checkedResult } from '../rpcChecks'

/** A request's params as protocol's polkadot.ts reads them; -32602 otherwise. */
export const checkParams = <M extends PolkadotMethod>(method: M, params: unknown): PolkadotParams<M> =>
  checkedParams(polkadotMethodParams, method, params)

/** An answer as protocol's polkadot.ts reads it; `who` (the wallet, the secure frame) answered it malformed otherwise. */
export const checkResult = <M extends PolkadotMethod>(method: M, result: unknown, who?: string): PolkadotResult<M> =>
  checkedResult(polkadotMethodResults, method, result, who)
