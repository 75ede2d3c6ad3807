import { parseChainId } from '@airlock/chains'
import type { ProviderEvent } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { parseAccounts } from './request'
import { connectionAtom } from '../../core/session/atoms'
import { endSession, setConnectedAccounts, setConnectedChain } from '../../core/session/session'

export interface ConnectorEvent {
  connectorId: string
  event: ProviderEvent['event']
  data: unknown
}

/** Events of the connected injected wallet, relayed by the host; other wallets' events are ignored. */
export function handleConnectorEvent(ctx: WidgetContext, { connectorId, event, data }: ConnectorEvent): void {
  const connection = ctx.store.get(connectionAtom)
  if (connection.status !== 'connected' || connection.connectorId !== connectorId) return
  switch (event) {
    case 'accountsChanged': {
      let accounts
      try {
        accounts = parseAccounts(data)
      } catch {
        return
      }
      if (accounts.length === 0) endSession(ctx)
      else setConnectedAccounts(ctx, accounts)
      return
    }
    case 'chainChanged': {
      const chainId = parseChainId(data)
      if (chainId !== undefined) setConnectedChain(ctx, chainId)
      return
    }
    case 'disconnect':
      endSession(ctx)
      return
    default:
      return
  }
}
