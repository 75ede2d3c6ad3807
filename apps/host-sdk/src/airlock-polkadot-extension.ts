import {
  polkadotExtensionParamChecks,
  ProviderRpcError,
  RpcErrorCode,
  toProviderRpcError,
  type AirlockState,
  type PolkadotAccount,
  type PolkadotMethod,
} from '@airlock/protocol'
import type { Airlock } from './api'

/** What `enable` resolves (@polkadot/extension-inject's Injected, without `metadata` and `provider`). */
export interface AirlockInjected {
  accounts: {
    get(): Promise<PolkadotAccount[]>
    subscribe(cb: (accounts: PolkadotAccount[]) => void): () => void
  }
  signer: {
    signPayload(payload: unknown): Promise<{ id: number; signature: string }>
    signRaw(raw: unknown): Promise<{ id: number; signature: string }>
  }
}

/** The embedded wallet's connector (SPEC section 1's ID_AUTH): its Polkadot keys are ed25519. */
const EMBEDDED_CONNECTOR_ID = 'ID_AUTH'

/**
 * Airlock as a Polkadot extension (`window.injectedWeb3.airlock`, whose stub sdk.js puts in the
 * page: injected-web3.ts): what its `enable` resolves, so that a dapp on @polkadot/extension-dapp
 * uses Airlock as it uses polkadot-js or Talisman. `enable` is `polkadot_requestAccounts` (the
 * modal opens to connect Polkadot when there is no Polkadot connection); the signer's calls are
 * `polkadot_signTransaction` / `polkadot_signMessage` through `getProvider('polkadot')`, the
 * page's payloads copied and checked (the lite twins of the protocol's schemas) before they leave;
 * the widget checks them again with zod. A user's no is extensions' Error('Cancelled'), code 4001.
 */
export async function enableAirlockPolkadot(airlock: Airlock): Promise<AirlockInjected> {
  const polkadot = airlock.getProvider('polkadot')
  let id = 0
  const send = async <T>(method: PolkadotMethod, params?: object): Promise<T> => {
    try {
      return (await polkadot.request(params ? { method, params } : { method })) as T
    } catch (error) {
      const relayed = toProviderRpcError(error)
      throw relayed.code === RpcErrorCode.UserRejected ? new ProviderRpcError(RpcErrorCode.UserRejected, 'Cancelled') : relayed
    }
  }
  /** The accounts as extensions give them: named "Airlock", with their key type when the connection says it. */
  const named = (addresses: readonly { address: string }[]): PolkadotAccount[] => {
    const embedded = airlock.getState().connections?.some((c) => c.namespace === 'polkadot' && c.connectorId === EMBEDDED_CONNECTOR_ID)
    return addresses.map(({ address }) => ({ address, name: 'Airlock', ...(embedded && { type: 'ed25519' as const }) }))
  }
  const connected = ({ connections }: AirlockState) => {
    const address = connections?.find((c) => c.namespace === 'polkadot')?.caipAddress.split(':')[2]
    return address ? [{ address }] : []
  }
  const sign = async (
    call: 'signer.signPayload' | 'signer.signRaw',
    input: unknown,
    method: PolkadotMethod,
    params: (p: never) => object,
  ) => {
    // A copy first: a page's getter or proxy could answer the check one thing and the request another.
    let copy: unknown
    try {
      copy = structuredClone(input)
    } catch {
      // Not plain data: refused just below.
    }
    if (!polkadotExtensionParamChecks[call].safeParse(copy).success)
      throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${call}`)
    const { signature } = await send<{ signature: string }>(method, params(copy as never))
    return { id: ++id, signature }
  }

  await send('polkadot_requestAccounts')
  return Object.freeze({
    accounts: Object.freeze({
      get: async () => named(await send<{ address: string }[]>('polkadot_accounts')),
      subscribe(cb: (accounts: PolkadotAccount[]) => void) {
        let last: string | undefined
        const follow = (state: AirlockState) => {
          const accounts = connected(state)
          const key = accounts.map((a) => a.address).join()
          if (key === last) return
          last = key
          cb(named(accounts))
        }
        follow(airlock.getState())
        return airlock.subscribeState(follow)
      },
    }),
    signer: Object.freeze({
      signPayload: (payload: unknown) =>
        sign('signer.signPayload', payload, 'polkadot_signTransaction', (transactionPayload: { address: string }) => ({
          address: transactionPayload.address,
          transactionPayload,
        })),
      signRaw: (raw: unknown) =>
        sign('signer.signRaw', raw, 'polkadot_signMessage', ({ address, data, type }: { address: string; data: string; type: string }) => {
          // polkadot_signMessage wraps what it signs in <Bytes>: an extrinsic payload signed as is has no method of Airlock's.
          if (type === 'payload')
            throw new ProviderRpcError(
              RpcErrorCode.UnsupportedMethod,
              "Airlock signs raw data of type 'bytes' only (wrapped in <Bytes>): sign a transaction with signPayload",
            )
          return { address, message: data }
        }),
    }),
  })
}
