import {
  POLKADOT_EXTENSION_CALLS,
  POLKADOT_EXTENSION_CONNECTOR_PREFIX,
  POLKADOT_EXTENSION_MAX_ACCOUNTS,
  polkadotAccountCheck,
  polkadotExtensionParamChecks,
  ProviderRpcError,
  RpcErrorCode,
  toProviderRpcError,
  type PolkadotAccount as Account,
  type PolkadotExtensionCall,
  type PolkadotExtensionParams,
} from '@airlock/protocol'
import { connectorId, relayable, unrelayable, type RelayedConnector, type RelayedEvent } from './connector'
import { dataValue, FORBIDDEN_KEYS } from './page-data'

/** What an extension's `enable` gives (@polkadot/extension-inject's Injected), as much as the host touches. */
interface Injected {
  accounts: { get(): Promise<unknown>; subscribe?(cb: (accounts: unknown) => void): unknown }
  signer: Record<'signPayload' | 'signRaw', (input: unknown) => Promise<unknown>>
}

type Enable = (originName: string) => unknown

/** Pages have a handful of extensions; a page script could add thousands of keys. */
const MAX_EXTENSIONS = 16
/** polkadot-js and Talisman reject with Error('Cancelled'), SubWallet with "Rejected by user": a user's no. */
const REJECTED = /cancel|reject/i

/** The accounts that are Polkadot ones (an extension may give Ethereum ones too), as plain data. */
function polkadotAccounts(accounts: unknown): Account[] {
  if (!Array.isArray(accounts)) throw unrelayable()
  return accounts
    .flatMap((account) => {
      if (!polkadotAccountCheck.safeParse(account).success) return []
      // Its fields as the protocol names them, nothing else of the extension's object.
      const { address, name, type } = account as Account
      return [{ address, ...(name !== undefined && { name }), ...(type !== undefined && { type }) }]
    })
    .slice(0, POLKADOT_EXTENSION_MAX_ACCOUNTS)
}

/** An extension's error with its code (a user's "Cancelled" is 4001), whatever it threw. */
function extensionError(error: unknown): ProviderRpcError {
  try {
    const relayed = toProviderRpcError(error)
    return relayed.code === RpcErrorCode.InternalError && REJECTED.test(relayed.message)
      ? new ProviderRpcError(RpcErrorCode.UserRejected)
      : relayed
  } catch {
    // An error whose properties throw.
    return new ProviderRpcError(RpcErrorCode.InternalError)
  }
}

/**
 * Relays the widget's calls to one extension (protocol's polkadot-extension.ts): POLKADOT_EXTENSION_CALLS
 * only, params checked (the lite twins: zod stays out of the extra part) before the extension sees
 * them, answers as plain data, which the widget checks with the zod schemas (accounts that are not
 * Polkadot ones are left out here). `enable`
 * runs only when the widget asks (it can prompt); what it gives stays here, and its
 * accounts.subscribe becomes the connector's accountsChanged until `disconnect` or the unwatch.
 */
function polkadotConnector(entry: object, enable: Enable): RelayedConnector {
  let injected: Promise<Injected> | undefined
  let emit: ((event: RelayedEvent, data: unknown) => void) | undefined
  let unsubscribe: (() => void) | undefined

  const stop = () => {
    const off = unsubscribe
    unsubscribe = undefined
    try {
      off?.()
    } catch {
      // Already stopped.
    }
  }
  const listen = (extension: Injected) => {
    try {
      const off = extension.accounts.subscribe?.((accounts) => {
        try {
          emit?.('accountsChanged', polkadotAccounts(accounts))
        } catch {
          // Accounts that cannot cross to the widget are not relayed.
        }
      })
      if (typeof off === 'function') unsubscribe = off as () => void
    } catch {
      // An extension without accounts.subscribe still works for requests.
    }
  }
  const connect = (originName: string) => {
    const pending: Promise<Injected> = Promise.resolve(enable.call(entry, originName)).then((extension) => {
      // A disconnect while the extension was asking its user drops this connection.
      if (injected === pending) listen(extension as Injected)
      return extension as Injected
    })
    pending.catch(() => injected === pending && (injected = undefined))
    return pending
  }
  const enabled = () => {
    if (!injected) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'Connect this wallet before using it')
    return injected
  }

  async function call(method: PolkadotExtensionCall, params: unknown): Promise<unknown> {
    if (method === 'disconnect') {
      injected = undefined
      stop()
      return undefined
    }
    if (method === 'enable') {
      const { originName } = params as PolkadotExtensionParams<'enable'>
      return polkadotAccounts(await (await (injected ??= connect(originName))).accounts.get())
    }
    const extension = await enabled()
    if (method === 'accounts.get') return polkadotAccounts(await extension.accounts.get())
    const name = method === 'signer.signPayload' ? 'signPayload' : 'signRaw'
    const result = await extension.signer[name](params)
    if (typeof result !== 'object' || result === null) return result
    // A SignerResult's fields, nothing else of the extension's object.
    const { id, signature, signedTransaction } = result as Record<string, unknown>
    return { id, signature, ...(signedTransaction !== undefined && { signedTransaction }) }
  }

  return {
    source: entry,
    async request(method, params) {
      const known = POLKADOT_EXTENSION_CALLS.find((call) => call === method)
      if (!known) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `This wallet does not support ${method.slice(0, 100)}`)
      const checked = polkadotExtensionParamChecks[known].safeParse(params)
      if (!checked.success) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${known}`)
      let answer: unknown
      try {
        answer = await call(known, checked.data as never)
      } catch (error) {
        throw extensionError(error)
      }
      return relayable(answer)
    },
    watch(next) {
      emit = next
      return () => {
        emit = undefined
        stop()
      }
    },
  }
}

/**
 * The connectors of `window.injectedWeb3` (@polkadot/extension-inject: `{ version, enable }` per
 * extension key), `pjs:<key>` named by their key: entries carry no name or icon (the widget finds
 * them in its wallet registry). Own data properties only, no prototype keys, at most
 * MAX_EXTENSIONS; nothing is enabled here. The descriptions are checked against the protocol
 * schema by the caller.
 */
export function polkadotConnectors(root: object = window): [unknown, RelayedConnector][] {
  const extensions = dataValue(root, 'injectedWeb3')
  let keys: string[]
  try {
    keys = typeof extensions === 'object' && extensions ? Object.keys(extensions) : []
  } catch {
    // A proxy that refuses to list its keys.
    return []
  }
  return keys
    .filter((key) => !FORBIDDEN_KEYS.includes(key))
    .slice(0, MAX_EXTENSIONS)
    .flatMap((key): [unknown, RelayedConnector][] => {
      try {
        const entry = dataValue(extensions, key)
        const enable = dataValue(entry, 'enable')
        if (typeof enable !== 'function') return []
        const id = connectorId(POLKADOT_EXTENSION_CONNECTOR_PREFIX, key)
        return [
          [{ id, type: 'ANNOUNCED', namespace: 'polkadot', name: key.slice(0, 100) }, polkadotConnector(entry as object, enable as Enable)],
        ]
      } catch {
        // A proxy whose property descriptors throw is not listed.
        return []
      }
    })
}
