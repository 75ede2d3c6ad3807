import type { FrameEventApi, FrameLoginStep, SocialProvider } from '@airlock/protocol'
import type { FrameVaults } from '../custody/storageAccess'
import type { DeviceVault } from '../custody/vault'
import type { ServerClient, ServerUser } from '../server/client'
import type { KeyServiceClient } from '../server/keyService'
import type { WalletAccounts } from '../wallet/accounts'
import { keyringOf, SecondFactorNeeded, type Keyring } from '../wallet/keyring'

export const SessionMessage = {
  notSignedIn: 'Not signed in',
  noLoginWaiting: 'Sign in first: no login on this device is waiting for its second factor',
} as const

/** What the frame shows to get a click inside its own document (WebAuthn needs that activation here). */
export interface FramePrompt {
  title: string
  text: string
  button: string
}

export type SessionUser = ServerUser & { socialProvider?: SocialProvider; userName?: string }

export interface FrameSessionDeps {
  server: ServerClient
  keys: KeyServiceClient
  vault: () => Promise<DeviceVault>
  widget: () => FrameEventApi
  /** Resolves on the user's trusted click on the frame's own button. */
  userAction: (prompt: FramePrompt) => Promise<void>
  /** The WebAuthn relying party: the secure origin's host. */
  rpId: string
  /** The unpartitioned storage the browser may give (custody/storageAccess.ts); absent: this site's vault only. */
  storage?: Pick<FrameVaults, 'reach' | 'ask'>
}

/**
 * The frame's login state: nobody, a login waiting for its second factor on this device, or the
 * signed-in user with their wallet open. A login proves the first factor; the wallet opens at once
 * on a device that holds its share, else only after the key service's code or a passkey.
 */
export function createFrameSession(deps: FrameSessionDeps) {
  const { server, keys } = deps
  let open: { accounts: WalletAccounts; user: SessionUser; passkeys: number } | undefined
  let waiting: { user: SessionUser; token: string; keyring: Keyring } | undefined

  const keyringFor = async (user: ServerUser) => keyringOf({ server, keys, vault: await deps.vault(), userId: user.id })
  const forget = () => {
    open?.accounts.destroy()
    open = undefined
    waiting = undefined
  }
  const opened = async (accounts: WalletAccounts, user: SessionUser, token?: string) => {
    const { passkeys } = await server.session()
    open = { accounts, user, passkeys: passkeys ?? 0 }
    waiting = undefined
    if (token) await deps.widget().sessionUpdate({ token })
  }
  const pending = () => waiting ?? fail(SessionMessage.noLoginWaiting)
  /** Why this site is a new device although the browser may hold the wallet on another (FrameSecondFactor.partitioned). */
  const partitioned = async (): Promise<{ partitioned?: 'ask' | 'refused' }> => {
    const reach = (await deps.storage?.reach()) ?? 'shared'
    return reach === 'shared' ? {} : { partitioned: reach }
  }
  const current = () => open ?? fail(SessionMessage.notSignedIn)

  return {
    /** The signed-in user and wallet; throws 'Not signed in' without one. */
    current,
    isOpen: () => open !== undefined,
    forget,
    setEmail(email: string) {
      if (open) open = { ...open, user: { ...open.user, email } }
    },

    /** After a first factor: the wallet (CONNECT), or what this new device needs (VERIFY_DEVICE). */
    async signIn(session: { token: string; user: ServerUser }, social?: { socialProvider: SocialProvider; userName?: string | undefined }) {
      forget()
      const user: SessionUser = {
        id: session.user.id,
        ...(session.user.email ? { email: session.user.email } : {}),
        ...(social ? { socialProvider: social.socialProvider } : {}),
        ...(social?.userName ? { userName: social.userName } : {}),
      }
      const keyring = await keyringFor(user)
      try {
        await opened(await keyring.open(), user, session.token)
        return { action: 'CONNECT' } satisfies FrameLoginStep
      } catch (error) {
        if (!(error instanceof SecondFactorNeeded)) throw error
      }
      waiting = { user, token: session.token, keyring }
      const passkeys = (await server.passkeys()).length
      // With a passkey, the passkey it is: an email recovery (which waits, and tells the owner and
      // every device) starts only when the user asks for it. Without one, the code goes out at once
      // (it also tells the owner a device is signing in); an account without email, or a code
      // refused for now (its back-off), leaves "send again".
      const sent = passkeys > 0 ? undefined : await keys.sendCode().catch(() => undefined)
      const emailRecovery = passkeys > 0 && user.email ? { emailRecovery: true as const } : {}
      return { action: 'VERIFY_DEVICE', passkeys, ...sent, ...emailRecovery, ...(await partitioned()) } satisfies FrameLoginStep
    },

    /**
     * VERIFY_DEVICE on a site the frame's storage keeps apart: in a click on the frame's own button,
     * asks the browser for the unpartitioned storage, where this browser may hold the wallet from
     * another dapp site. Granted, the wallet opens if it is there; else the code opens it, and its
     * share then goes to the shared store too (the next site finds it).
     */
    async withStorageAccess(): Promise<FrameLoginStep> {
      const { user, token } = pending()
      await deps.userAction({
        title: 'Use your wallet on this site',
        text: 'Your browser keeps each site apart. Allow it to share this wallet with this site, and no new code is needed where this browser already opened it.',
        button: 'Allow',
      })
      if (await deps.storage?.ask()) {
        const keyring = await keyringFor(user)
        try {
          await opened(await keyring.open(), user, token)
          return { action: 'CONNECT' }
        } catch (error) {
          if (!(error instanceof SecondFactorNeeded)) throw error
        }
        waiting = { user, token, keyring }
      }
      return { action: 'VERIFY_DEVICE', passkeys: (await server.passkeys()).length, ...(await partitioned()) }
    },

    async sendCode() {
      pending()
      return keys.sendCode()
    },

    async withCode(code: string) {
      const { keyring, user, token } = pending()
      await opened(await keyring.recoverWithCode(code), user, token)
      return { action: 'CONNECT' as const }
    },

    async withPasskey() {
      const { keyring, user, token } = pending()
      await deps.userAction({
        title: 'Use your passkey',
        text: 'Open your wallet on this device with a passkey you added.',
        button: 'Use a passkey',
      })
      await opened(await keyring.recoverWithPasskey(deps.rpId), user, token)
      return { action: 'CONNECT' as const }
    },

    recoveries: () => (current(), keys.recoveries()),
    cancelRecovery: (id: string) => (current(), keys.cancelRecovery(id)),

    async addPasskey() {
      const signedIn = current()
      await deps.userAction({
        title: 'Protect your wallet with a passkey',
        text: 'A passkey opens this wallet on a new device without an email code.',
        button: 'Create a passkey',
      })
      const keyring = await keyringFor(signedIn.user)
      const passkeys = await keyring.addPasskey({ name: signedIn.user.email ?? signedIn.user.userName ?? 'Airlock wallet' }, deps.rpId)
      open = { ...signedIn, passkeys }
      return { passkeys }
    },

    /** The session the cookie (or the widget's token) still holds, with the wallet opened; false without one. */
    async restore(): Promise<boolean> {
      const state = await server.session()
      if (!state.isConnected || !state.user) return false
      try {
        const keyring = await keyringFor(state.user)
        open = { accounts: await keyring.open(), user: state.user, passkeys: state.passkeys ?? 0 }
        return true
      } catch {
        // The session is alive but this device cannot open the wallet (no share here): sign in again.
        return false
      }
    },
  }
}

export type FrameSession = ReturnType<typeof createFrameSession>

function fail(message: string): never {
  throw new Error(message)
}
