import type { Namespace } from '@airlock/protocol'
import type { Airlock } from './api'
import { createListeners } from './emitter'
import type { StandardWallet, StandardWalletAccount } from './standard'

export const version = '1.0.0'

/** What a family brings to Airlock's own Wallet Standard wallet of that family. */
export interface OwnWalletFamily {
  namespace: Namespace
  chains: readonly string[]
  /** The family's features (`solana:*`, `bitcoin:*`); the `standard:*` ones are common. */
  features: Record<string, object>
  /**
   * The accounts of the family's connection (`connection`), or, when `connection` is undefined, of
   * the connection a request makes (the widget opens its modal).
   */
  accounts(connection: { address: string; caipNetworkId: string } | undefined): Promise<readonly StandardWalletAccount[]>
  /**
   * A family whose connect is a feature of its own (Bitcoin's `bitcoin:connect`, which names the
   * purposes it wants): its name, and the accounts it answers of those connected.
   */
  connect?: { feature: string; pick(accounts: readonly StandardWalletAccount[], input: unknown): readonly StandardWalletAccount[] }
}

/** A Wallet Standard method: every input is one request, one after the other (the user approves each in turn). */
export const each =
  <I>(run: (input: I) => Promise<object>) =>
  async (...inputs: I[]) => {
    const outputs: object[] = []
    for (const input of inputs) outputs.push(await run(input))
    return outputs
  }

/**
 * Airlock as a wallet of the Wallet Standard for one family, so that dapps on @solana/wallet-adapter
 * or a Bitcoin wallet kit find it as they find Phantom or Xverse. Its accounts are the widget's
 * connection of that family, followed until `airlock` is destroyed; its family's features are
 * requests to `getProvider(namespace)` (airlock-solana-wallet.ts, airlock-bitcoin-wallet.ts).
 * Loaded only in pages with a Wallet Standard app (wallet-registration.ts), which is why it takes
 * what it shares with the rest of the SDK (the icon) as arguments: the one-line SDK loads it as a
 * script of its own.
 */
export function createOwnWallet(airlock: Airlock, icon: string, family: OwnWalletFamily): StandardWallet {
  let accounts: readonly StandardWalletAccount[] = []
  let asked = 0
  const changes = createListeners<{ accounts: readonly StandardWalletAccount[] }>()
  const set = (next: readonly StandardWalletAccount[]) => {
    if (next.map((a) => a.address).join() === accounts.map((a) => a.address).join()) return
    accounts = next
    changes.emit({ accounts })
  }
  let latest: Promise<unknown> = Promise.resolve()
  /** Reads the accounts; a later state or connect wins over an earlier read still answering. */
  const read = (connection: Parameters<OwnWalletFamily['accounts']>[0]) => {
    const turn = ++asked
    const reading = family.accounts(connection).then((next) => turn === asked && set(next))
    latest = reading.catch(() => {})
    return reading
  }
  /** Once no read is answering: what a connect answers is the newest accounts. */
  const settled = async () => {
    for (let last; last !== latest;) await (last = latest)
  }
  // The accounts are the family's connection's, whichever namespace is active.
  const follow = ({ connections }: ReturnType<Airlock['getState']>) => {
    const connection = connections?.find((c) => c.namespace === family.namespace)
    const [, caipReference, address] = connection?.caipAddress.split(':') ?? []
    if (!connection || !address) {
      asked++
      set([])
    } else if (address !== accounts[0]?.address) {
      const turn = asked + 1
      read({ address, caipNetworkId: `${family.namespace}:${caipReference}` }).catch(() => turn === asked && set([]))
    }
  }
  follow(airlock.getState())
  airlock.subscribeState(follow)

  const connect = async (input?: { silent?: boolean }) => {
    if (!input?.silent) await read(undefined)
    await settled()
    return { accounts }
  }
  return Object.freeze({
    version,
    name: 'Airlock',
    icon,
    chains: family.chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': { version, connect },
      ...(family.connect && {
        [family.connect.feature]: {
          version,
          connect: async (input?: object) => ({ accounts: family.connect!.pick((await connect()).accounts, input) }),
        },
      }),
      'standard:disconnect': { version, disconnect: () => airlock.disconnect({ namespace: family.namespace }) },
      'standard:events': { version, on: (_event: 'change', listener: (change: object) => void) => changes.add(listener) },
      ...family.features,
    },
  })
}
