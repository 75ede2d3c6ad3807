import {
  classifyFrameRpc,
  FrameErrorMessage,
  frameRpcNotAllowedError,
  frameRpcParamsProblem,
  ProviderRpcError,
  RpcErrorCode,
  SOCIAL_CLAIM_WAIT_MS,
  type FrameChainId,
  type FrameAccountType,
  type FrameDappData,
  type FrameLoginStep,
  type FrameMethods,
  type FrameRpcRequest,
  type FrameSocialLoginStep,
  type FrameSocialProvider,
  type FrameThemeData,
  type FrameUser,
} from '@airlock/protocol'
import type { Confirmation } from '../confirm/confirmation'
import { familyOf, type FrameServices } from '../families/registry'
import { RequestMessage, type PreparedRequest } from '../families/types'
import type { WalletAccounts } from '../wallet/accounts'
import { createFarcasterLogin } from './farcaster'
import { createFrameSession, type FrameSessionDeps } from './session'
import type { SocialProofs } from './socialProof'

export const FrameMessage = {
  noEmail: 'Enter your email first',
  unknownSocialLogin: 'This sign-in was not started here: start the login again',
  smartAccountsUnavailable: 'Smart accounts are not available for this wallet yet',
} as const

/** How often connectSocial asks the server whether the popup's callback has come. */
const SOCIAL_POLL_MS = 1000

export interface FrameDeps extends FrameSessionDeps, FrameServices {
  /** The proofs the social logins' callback pages post to this frame (main.ts feeds it the window's messages). */
  socialProofs: SocialProofs
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
 * this closure and the session (session.ts): the email being logged in, the social logins started
 * here, the signed-in user and their unlocked account. Keys never leave: answers carry addresses,
 * signatures and signed transactions only.
 */
export function createFrameMethods(deps: FrameDeps): FrameMethods & { signedIn(): boolean } {
  const { server } = deps
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const now = deps.now ?? Date.now
  let pendingEmail: string | undefined
  const socialStates = new Map<string, { state: string; provider: FrameSocialProvider; flow: string }>()
  let chainId: FrameChainId = 1
  const session = createFrameSession(deps)
  let dapp: FrameDappData | undefined
  const farcaster = createFarcasterLogin(server, { sleep, now })

  const smartAccounts = deps.smartAccounts
  /** The type the user prefers where it can be had: a smart account only on a network that has them. */
  const accountType = (userId: string): FrameAccountType => (smartAccounts?.network(chainId) ? smartAccounts.preferred(userId) : 'eoa')
  /** Reads whether the account is delegated on the frame's chain, for frameUser (bounded: state.ts). */
  const refreshDeployed = async () => {
    if (!smartAccounts?.network(chainId) || !session.isOpen()) return
    await smartAccounts.refresh(chainId, session.current().accounts.address, dapp?.projectId)
  }

  const frameUser = (): FrameUser => {
    const { accounts, user, passkeys } = session.current()
    const { address } = accounts
    const type = accountType(user.id)
    return {
      ...(user.email ? { email: user.email } : {}),
      address,
      chainId,
      // A smart account is the same address: the EOA, delegated with EIP-7702.
      accounts:
        type === 'smartAccount'
          ? [
              { address, type },
              { address, type: 'eoa' },
            ]
          : [{ address, type: 'eoa' }],
      smartAccountDeployed: smartAccounts?.deployed(chainId, address) ?? false,
      preferredAccountType: type,
      addresses: Object.fromEntries(accounts.all.map((account) => [account.namespace, account.networks ?? account.address])),
      ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      ...(user.userName ? { userName: user.userName } : {}),
      passkeys,
    }
  }
  /** A confirmation request checked by its family's rules (families/registry.ts), bound to what will be signed. */
  const prepare = (request: FrameRpcRequest, accounts: WalletAccounts): Promise<PreparedRequest> => {
    const family = familyOf(request.method)
    const account = accounts.all.find((candidate) => candidate.namespace === family?.namespace)
    if (!account) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RequestMessage.notSupported(request.method))
    return account.prepare(request, { chainId, projectId: dapp?.projectId }, deps)
  }
  /** A social login's answer: the user once the wallet opened, else the second factor it needs. */
  const socialStep = (step: FrameLoginStep): FrameSocialLoginStep =>
    step.action === 'CONNECT' ? { action: 'CONNECT', user: frameUser() } : step

  return {
    signedIn: () => session.isOpen(),
    async connectEmail({ email }) {
      let action = await server.startEmail(email)
      pendingEmail = email
      if (action === 'CONNECT' && !session.isOpen() && !(await session.restore())) {
        // Signed in as this email, but this device cannot open the wallet: log in again.
        await server.signOut()
        action = await server.startEmail(email)
      }
      return { action }
    },
    async connectOtp({ otp }) {
      if (!pendingEmail) throw new Error(FrameMessage.noEmail)
      const step = await session.signIn(await server.verifyEmail(pendingEmail, otp))
      pendingEmail = undefined
      return step
    },
    connectDevice: ({ otp }) => session.withCode(otp),
    sendDeviceCode: () => session.sendCode(),
    unlockWithPasskey: () => session.withPasskey(),
    unlockWithStorageAccess: () => session.withStorageAccess(),
    addPasskey: () => session.addPasskey(),
    getRecoveries: async () => ({ recoveries: await session.recoveries() }),
    cancelRecovery: async ({ id }) => ({ recoveries: await session.cancelRecovery(id) }),
    async getSocialRedirectUri({ provider }) {
      const { uri, state } = await server.startSocial(provider)
      socialStates.set(uri, { state, provider, flow: deps.socialProofs.expect(state) })
      return { uri }
    },
    async connectSocial({ uri }) {
      const started = socialStates.get(uri)
      if (!started) throw new Error(FrameMessage.unknownSocialLogin)
      const until = now() + SOCIAL_CLAIM_WAIT_MS
      for (;;) {
        // Until the popup's callback page has posted its proof, the server answers 'pending'.
        const claimed = await server.claimSocial(started.state, deps.socialProofs.proofOf(started.flow))
        if (claimed) {
          socialStates.delete(uri)
          deps.socialProofs.forget(started.flow)
          return socialStep(await session.signIn(claimed, { socialProvider: started.provider }))
        }
        if (now() + SOCIAL_POLL_MS > until) throw new Error(FrameErrorMessage.SocialPending)
        // The next poll, or at once when the proof comes (failures are only learnt by polling).
        await Promise.race([sleep(SOCIAL_POLL_MS), deps.socialProofs.arrived(started.flow)])
      }
    },
    getFarcasterUri: () => farcaster.start(),
    async connectFarcaster() {
      const claimed = await farcaster.claim()
      return socialStep(await session.signIn(claimed, { socialProvider: 'farcaster', userName: claimed.user.farcaster.username }))
    },
    async getUser({ chainId: requested, preferredAccountType }) {
      chainId = requested
      if (preferredAccountType && smartAccounts) smartAccounts.prefer(session.current().user.id, preferredAccountType)
      await refreshDeployed()
      return frameUser()
    },
    async signOut() {
      session.forget()
      await server.signOut()
    },
    async isConnected(params) {
      if (params?.token) server.useSessionToken(params.token)
      if (session.isOpen()) return { isConnected: true }
      return { isConnected: await session.restore() }
    },
    getChainId: () => ({ chainId }),
    async switchNetwork({ chainId: next }) {
      chainId = next
      await refreshDeployed()
      return { chainId }
    },
    getSmartAccountEnabledNetworks: () => ({ smartAccountEnabledNetworks: smartAccounts?.enabledChainIds() ?? [] }),
    async initSmartAccount() {
      // Nothing on chain here: the EIP-7702 delegation rides with the account's first batch (wallet_sendCalls),
      // under that batch's confirmation, so that the user is asked once and no relayer gas is spent before it is used.
      if (!smartAccounts?.network(chainId)) throw new Error(FrameMessage.smartAccountsUnavailable)
    },
    async setPreferredAccount({ type }) {
      const { accounts, user } = session.current()
      if (type === 'smartAccount' && !smartAccounts?.network(chainId)) throw new Error(FrameMessage.smartAccountsUnavailable)
      smartAccounts?.prefer(user.id, type)
      return { type, address: accounts.address }
    },
    async rpcRequest(request) {
      const kind = classifyFrameRpc(request.method)
      if (kind === 'disallowed') throw frameRpcNotAllowedError()
      // A listed method's params (EIP-5792, ERC-7715) are refused before anything is shown.
      const problem = frameRpcParamsProblem(request.method, request.params)
      if (problem) throw new ProviderRpcError(RpcErrorCode.InvalidParams, problem)
      const { accounts } = session.current()
      if (request.method === 'eth_accounts') return [accounts.address]
      if (request.method === 'eth_chainId') return typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId
      if (kind === 'safe') {
        // Reads need the chain, which this frame cannot reach: the widget answers them itself.
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `${request.method} is answered by the widget, not the secure frame`)
      }
      const prepared = await prepare(request, accounts)
      if (!request.id) throw new ProviderRpcError(RpcErrorCode.InvalidParams, FrameErrorMessage.NoRequestId)
      const { chainId: on, from } = prepared
      if (on === undefined) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RequestMessage.notSupported(request.method))
      // What the transaction would do, shown with it (issue 23): the exact transaction that is signed.
      const simulation = await prepared.simulate?.()
      // Nothing is signed before the user approves it here; the widget can only wait, or abort.
      await deps.confirmation.ask({
        id: request.id,
        method: prepared.method,
        params: prepared.params,
        chainId: on,
        from,
        dapp: dapp && { origin: dapp.origin, metadata: dapp.metadata },
        ...(simulation ? { simulation } : {}),
      })
      return prepared.sign()
    },
    abortRpcRequest: ({ id }) => deps.confirmation.abort(id),
    updateEmail: async ({ newEmail }) => {
      session.current()
      return { action: await server.updateEmail(newEmail) }
    },
    updateEmailPrimaryOtp: async ({ otp }) => {
      session.current()
      await server.updateEmailPrimary(otp)
    },
    async updateEmailSecondaryOtp({ otp }) {
      session.current()
      const newEmail = await server.updateEmailSecondary(otp)
      session.setEmail(newEmail)
      return { newEmail }
    },
    syncTheme: (theme) => deps.onTheme?.(theme),
    syncDappData(data) {
      dapp = data
    },
    reload() {
      session.forget()
      setTimeout(() => (deps.reload ?? (() => location.reload()))(), 0)
    },
  }
}
