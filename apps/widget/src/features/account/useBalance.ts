import { useEffect, useState } from 'react'
import { useWidget } from '../../core/react'
import { balancesOf } from './balances'

export type BalanceState = { status: 'loading' } | { status: 'success'; value: bigint } | { status: 'error' }

const LOADING: BalanceState = { status: 'loading' }

/** The native balance through the api's RPC proxy, read by the network's family; the cache decides whether a request is made. */
export function useBalance(caipNetworkId: string, address: string | undefined): BalanceState {
  const balances = balancesOf(useWidget())
  const key = `${caipNetworkId}:${address ?? ''}`
  // Results are tagged with what they are for, so a network or account change reads as loading.
  const [result, setResult] = useState<{ key: string; state: BalanceState }>()
  useEffect(() => {
    if (!address) return
    let live = true
    balances.get(caipNetworkId, address).then(
      (value) => live && setResult({ key, state: { status: 'success', value } }),
      () => live && setResult({ key, state: { status: 'error' } }),
    )
    return () => {
      live = false
    }
  }, [balances, caipNetworkId, address, key])
  return result?.key === key ? result.state : LOADING
}
