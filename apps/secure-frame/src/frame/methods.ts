import {
  classifyFrameRpc,
  FrameErrorMessage,
  frameRpcNotAllowedError,
  ProviderRpcError,
  RpcErrorCode,
  SOCIAL_CLAIM_WAIT_MS,
  type FrameChainId,
  type FrameDappData,
  type FrameEventApi,
  type FrameMethods,
  type FrameSocialProvider,
  type FrameThemeData,
  type FrameUser,
  type SocialProvider,
} from '@airlock/protocol'
import type { Confirmation } from '../confirm/confirmation'
import type { Eip155Account } from '../custody/derive/eip155'
import type { DeviceVault } from '../custody/vault'
import type { ServerClient, ServerUser } from '../server/client'
import { openWallet } from '../wallet/keyring'
import { createFarcasterLogin } from './farcaster'
import { prepareRequest, RpcMessage } from '../wallet/rpc'

export const FrameMessage = {
  noEmail: 'Enter your email first',
  notSignedIn: 'Not signed in',
  unknownSocialLogin: 'This sign-in was not started here: start the login again',
  smartAccountsUnavailable: 'Smart accounts are not available for this wallet yet',
} as const

/** How often connectSocial asks the server whether the popup's callback has come. */
const SOCIAL_POLL_MS = 1000

export interface FrameDeps {
  server: ServerClient
  /** The frame's typed handle on the widget (session updates, the vault). */
  widget: () => FrameEventApi
  /** The device vault, opened on first use (it may need the widget, see custody/vault.ts). */
  vault: () => Promise<DeviceVault>
  /** Asks the user, in this frame, before anything is signed (confirm/confirmation.ts). */
  confirmation: Confirmation
  /** The widget's theme, for what the frame draws. */
  onTheme?: (theme: FrameThemeData) => void
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  reload?: () => void
}

/**
 * What the frame answers the widget (SPEC.md section 7 "Secure frame messages"). State lives in
 * this closure: the email being logged in, the social logins started here, the signed-in user and
 * their unlocked account. Keys never leave: answers carry addresses, signatures and signed
 * transactions only.
 */
export function createFrameMethods(deps: FrameDeps): FrameMethods & { signedIn(): boolean } {
  const { server } = deps
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = deps.now ?? Date.now
  let pendingEmail: string | undefined
  const socialStates = new Map<string, { state: string; provider: FrameSocialProvider }>()
  let user: (ServerUser & { socialProvider?: SocialProvider; userName?: string }) | undefined
  let account: Eip155Account | undefined
  let chainId: FrameChainId = 1
  let dapp: FrameDappData | undefined

  const farcaster = createFarcasterLogin(server, { sleep, now })
  const signIn = async (
    session: { token: string; user: ServerUser },
    social?: { socialProvider: SocialProvider; userName?: string | undefined },
  ) => {
    forget()
    account = await openWallet(server, await deps.vault(), session.user.id)
    user = {
      id: session.user.id,
      ...(session.user.email ? { email: session.user.email } : {}),
      ...(social ? { socialProvider: social.socialProvider } : {}),
      ...(social?.userName ? { userName: social.userName } : {}),
    }
    await deps.widget().sessionUpdate({ token: session.token })
  }
  const forget = () => {
    account?.destroy()
    account = undefined
    user = undefined
  }
  const signedIn = () => {
    if (!account || !user) throw new Error(FrameMessage.notSignedIn)
    return { account, user }
  }
  const frameUser = (): FrameUser => {
    const current = signedIn()
    return {
      ...(current.user.email ? { email: current.user.email } : {}),
      address: current.account.address,
      chainId,
      accounts: [{ address: current.account.address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      ...(current.user.socialProvider ? { socialProvider: current.user.socialProvider } : {}),
      ...(current.user.userName ? { userName: current.user.userName } : {}),
    }
  }

  return {
    signedIn: () => account !== undefined,
    async connectEmail({ email }) {
      const action = await server.startEmail(email)
      pendingEmail = email
      if (action === 'CONNECT' && !account) await restore()
      return { action }
    },
    async connectDevice({ otp }) {
      if (!pendingEmail) throw new Error(FrameMessage.noEmail)
      return { action: await server.verifyDevice(pendingEmail, otp) }
    },
    async connectOtp({ otp }) {
      if (!pendingEmail) throw new Error(FrameMessage.noEmail)
      await signIn(await server.verifyEmail(pendingEmail, otp))
      pendingEmail = undefined
    },
    async getSocialRedirectUri({ provider }) {
      const { uri, state } = await server.startSocial(provider)
      socialStates.set(uri, { state, provider })
      return { uri }
    },
    async connectSocial({ uri }) {
      const started = socialStates.get(uri)
      if (!started) throw new Error(FrameMessage.unknownSocialLogin)
      const until = now() + SOCIAL_CLAIM_WAIT_MS
      for (;;) {
        const session = await server.claimSocial(started.state)
        if (session) {
          socialStates.delete(uri)
          await signIn(session, { socialProvider: started.provider })
          return frameUser()
        }
        if (now() + SOCIAL_POLL_MS > until) throw new Error(FrameErrorMessage.SocialPending)
        await sleep(SOCIAL_POLL_MS)
      }
    },
    getFarcasterUri: () => farcaster.start(),
    async connectFarcaster() {
      const session = await farcaster.claim()
      await signIn(session, { socialProvider: 'farcaster', userName: session.user.farcaster.username })
      return frameUser()
    },
    async getUser({ chainId: requested }) {
      chainId = requested
      return frameUser()
    },
    async signOut() {
      forget()
      await server.signOut()
    },
    async isConnected(params) {
      if (params?.token) server.useSessionToken(params.token)
      if (account) return { isConnected: true }
      return { isConnected: await restore() }
    },
    getChainId: () => ({ chainId }),
    async switchNetwork({ chainId: next }) {
      chainId = next
      return { chainId }
    },
    getSmartAccountEnabledNetworks: () => ({ smartAccountEnabledNetworks: [] }),
    initSmartAccount: () => Promise.reject(new Error(FrameMessage.smartAccountsUnavailable)),
    async setPreferredAccount({ type }) {
      if (type !== 'eoa') throw new Error(FrameMessage.smartAccountsUnavailable)
      return { type, address: signedIn().account.address }
    },
    async rpcRequest(request) {
      const kind = classifyFrameRpc(request.method)
      if (kind === 'disallowed') throw frameRpcNotAllowedError()
      const current = signedIn()
      if (request.method === 'eth_accounts') return [current.account.address]
      if (request.method === 'eth_chainId') return typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId
      if (kind === 'safe') {
        // Reads need the chain, which this frame cannot reach: the widget answers them itself.
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `${request.method} is answered by the widget, not the secure frame`)
      }
      const prepared = prepareRequest(current.account, request, chainId)
      if (!request.id) throw new ProviderRpcError(RpcErrorCode.InvalidParams, FrameErrorMessage.NoRequestId)
      if (typeof chainId !== 'number') throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RpcMessage.notSupported(request.method))
      // Nothing is signed before the user approves it here; the widget can only wait, or abort.
      await deps.confirmation.ask({
        id: request.id,
        method: prepared.method,
        params: prepared.params,
        chainId,
        from: current.account.address,
        dapp: dapp && { origin: dapp.origin, metadata: dapp.metadata },
      })
      return prepared.sign()
    },
    abortRpcRequest: ({ id }) => deps.confirmation.abort(id),
    updateEmail: async ({ newEmail }) => {
      signedIn()
      return { action: await server.updateEmail(newEmail) }
    },
    updateEmailPrimaryOtp: async ({ otp }) => {
      signedIn()
      await server.updateEmailPrimary(otp)
    },
    async updateEmailSecondaryOtp({ otp }) {
      const current = signedIn()
      const newEmail = await server.updateEmailSecondary(otp)
      user = { ...current.user, email: newEmail }
      return { newEmail }
    },
    syncTheme: (theme) => deps.onTheme?.(theme),
    syncDappData(data) {
      dapp = data
    },
    reload() {
      forget()
      setTimeout(() => (deps.reload ?? (() => location.reload()))(), 0)
    },
  }

  /** The session the cookie (or the widget's token) still holds, with the wallet opened; false without one. */
  async function restore(): Promise<boolean> {
    const state = await server.session()
    if (!state.isConnected || !state.user) return false
    try {
      account = await openWallet(server, await deps.vault(), state.user.id)
      user = state.user
      return true
    } catch {
      // The session is alive but this device cannot open the wallet any more (its share is gone and
      // the login is too old to recover): the user signs in again.
      return false
    }
  }
}
