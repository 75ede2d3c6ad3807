import { parseChainId } from '@airlock/chains'
import {
  emailCooldownMessage,
  emailLoginCooldownRemaining,
  EVM_ADDRESS,
  FRAME_OTP,
  FRAME_SESSION_TOKEN,
  frameErrorMessage,
  type FrameAccountType,
  type FrameAddresses,
  type FrameConnectEmailAction,
  type FrameSecondFactor,
  type FrameUser,
  type Namespace,
  type SocialProvider,
} from '@airlock/protocol'
import { withTimeout } from '../../core/async'
import type { WidgetContext } from '../../core/context'
import { AUTH_CONNECTOR_ID } from './id'
import { authFrameLoaded, loadAuthFrame, type AuthFrame } from './frame'
import { INVALID_EMAIL_MESSAGE, isValidEmail } from './email'
import { isSocialProvider, SOCIAL_LABELS } from './socials'
import { AUTHENTICATING_TEXT } from './texts'
import type { Route } from '../../core/router/routes'
import {
  AUTH_SESSION_KEY,
  CONNECTED_SOCIAL_KEY,
  EMAIL_KEY,
  EMAIL_LOGIN_USED_KEY,
  LAST_USED_CHAIN_KEY,
  loadPersisted,
  removePersisted,
  savePersisted,
  SOCIAL_USERNAME_KEY,
} from '../../core/storage/persisted'
import {
  authUserAtom,
  callBatchesAtom,
  deviceCheckAtom,
  emailLoginAtom,
  farcasterLoginAtom,
  smartAccountNetworksAtom,
  socialLoginAtom,
  type AuthUser,
  type EmailLogin,
  type LoginMethod,
} from './atoms'
import type { HexAddress } from '../../core/session/atoms'
import { connectionAtom } from '../../core/session/active'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { networksAtom, optionsAtom } from '../../core/options/atoms'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { track } from '../../core/events'
import { closeModal } from '../../core/modal/modal'
import { establishSession, beginPending, endPending, updateConnection, type ConnectedNamespace } from '../../core/session/session'

/**
 * The AUTH connector's flows (SPEC section 4 "Email login"): email, login code, the second factor
 * a new device needs (any login method), the session that follows, the reconnect after a reload,
 * sign-out, network and account type. Loaded on first use (a submit, a reconnect to an embedded
 * wallet), never in the first paint.
 */

export const EMAIL_CONNECTOR_NAME = 'Email'
/** SPEC section 5: the time of the last email login, for the 30 s cooldown. */
export const LAST_EMAIL_LOGIN_KEY = 'airlock.lastEmailLoginTime'

export { INVALID_EMAIL_MESSAGE, isValidEmail }
export const INVALID_OTP_MESSAGE = 'Enter the 6-digit code'
export const LOGIN_EXPIRED_MESSAGE = 'This login has expired: enter your email again'
/** SPEC section 8, loading texts. */
export { AUTHENTICATING_TEXT }
/** SPEC section 8: a failed preferred-account set falls back to EOA with this toast. */
export const SMART_ACCOUNT_UNSUPPORTED_MESSAGE = 'This application might not support Smart Accounts'
export const NO_EVM_ACCOUNT_MESSAGE = 'The embedded wallet has no Ethereum account'

/** How long the optional frame calls of a login may take before they are skipped. */
export const AUTH_OPTIONAL_CALL_TIMEOUT_MS = 5000
/** How long a sign-out waits for the frame before the session is forgotten here anyway. */
export const SIGN_OUT_TIMEOUT_MS = 3000

/** SPEC section 5: 'Please try again after {n} seconds' while the last email login is under 30 s old. */
export async function emailCooldown(ctx: WidgetContext, now = Date.now()): Promise<string | undefined> {
  const stored = Number(await loadPersisted(ctx, LAST_EMAIL_LOGIN_KEY))
  const remaining = emailLoginCooldownRemaining(Number.isFinite(stored) && stored > 0 ? stored : undefined, now)
  return remaining > 0 ? emailCooldownMessage(remaining) : undefined
}

/**
 * The email field's submit: checks the address and the cooldown, then asks the frame to mail a
 * code. The frame answers with the next step: the login code, or nothing to verify (this device
 * is signed in already).
 */
export async function submitEmail(ctx: WidgetContext, input: string): Promise<void> {
  const email = input.trim()
  if (!isValidEmail(email)) return setEmailLogin(ctx, { step: 'email', email, error: INVALID_EMAIL_MESSAGE })
  const cooldown = await emailCooldown(ctx)
  if (cooldown) return setEmailLogin(ctx, { step: 'email', email, error: cooldown })

  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  setEmailLogin(ctx, { step: 'email', email, attempt, busy: 'sending' })
  beginPending(ctx, { status: 'connecting', connectorId: AUTH_CONNECTOR_ID, connectorName: EMAIL_CONNECTOR_NAME })
  try {
    const frame = await loadAuthFrame(ctx)
    if (!isCurrent()) return
    const { action } = await frame.api.connectEmail({ email })
    if (!isCurrent()) return
    if (action !== 'CONNECT') savePersisted(ctx, LAST_EMAIL_LOGIN_KEY, String(Date.now()))
    await continueEmailLogin(ctx, frame, attempt, email, action)
  } catch (error) {
    if (!isCurrent()) return
    endPending(ctx)
    setEmailLogin(ctx, { step: 'email', email, error: frameErrorMessage(error) })
    track(ctx, 'CONNECT_ERROR', { message: frameErrorMessage(error) })
  } finally {
    if (!isCurrent()) settleAbandoned(ctx, attempt)
  }
}

/** A login left behind (back, close, another connection) is not busy any more: its late answer is dropped. */
function settleAbandoned(ctx: WidgetContext, attempt: number): void {
  const login = ctx.store.get(emailLoginAtom)
  if (login.attempt === attempt && login.busy) setEmailLogin(ctx, { ...login, busy: undefined })
}

/** A new login code (the 'Resend code' link), within SPEC section 5's cooldown. */
export async function resendEmailCode(ctx: WidgetContext): Promise<void> {
  const login = ctx.store.get(emailLoginAtom)
  const step = 'otp'
  if (!login.email || login.attempt !== ctx.session.attempt) return setEmailLogin(ctx, { ...login, step, error: LOGIN_EXPIRED_MESSAGE })
  const cooldown = await emailCooldown(ctx)
  if (cooldown) return setEmailLogin(ctx, { ...login, step, busy: undefined, error: cooldown })
  const { attempt, email } = login
  const isCurrent = () => ctx.session.attempt === attempt
  setEmailLogin(ctx, { ...login, step, busy: 'sending', error: undefined })
  try {
    const frame = await loadAuthFrame(ctx)
    const { action } = await frame.api.connectEmail({ email })
    if (!isCurrent()) return
    if (action !== 'CONNECT') savePersisted(ctx, LAST_EMAIL_LOGIN_KEY, String(Date.now()))
    ctx.toasts.show(`A new code was sent to ${email}`, 'success')
    await continueEmailLogin(ctx, frame, attempt, email, action)
  } catch (error) {
    if (isCurrent()) setEmailLogin(ctx, { ...ctx.store.get(emailLoginAtom), step, busy: undefined, error: frameErrorMessage(error) })
  } finally {
    if (!isCurrent()) settleAbandoned(ctx, attempt)
  }
}

/**
 * The mailed login code (EmailVerifyOtp). A wrong code leaves the step open for another try; a
 * device new to the wallet goes on to its second factor (VerifyDevice).
 */
export async function submitEmailOtp(ctx: WidgetContext, otp: string): Promise<void> {
  const step = 'otp'
  const login = ctx.store.get(emailLoginAtom)
  if (login.busy) return
  if (!login.email || login.attempt === undefined || login.attempt !== ctx.session.attempt)
    return setEmailLogin(ctx, { ...login, step, error: LOGIN_EXPIRED_MESSAGE })
  if (!FRAME_OTP.test(otp)) return setEmailLogin(ctx, { ...login, step, error: INVALID_OTP_MESSAGE })
  const { attempt, email } = login
  setEmailLogin(ctx, { ...login, step, busy: 'verifying', error: undefined })
  try {
    const frame = await loadAuthFrame(ctx)
    const next = await frame.api.connectOtp({ otp })
    if (ctx.session.attempt !== attempt) return
    if (next.action === 'VERIFY_DEVICE') {
      setEmailLogin(ctx, { ...ctx.store.get(emailLoginAtom), busy: undefined })
      return checkDevice(ctx, attempt, { method: 'email', email }, next)
    }
    setEmailLogin(ctx, { ...ctx.store.get(emailLoginAtom), busy: 'authenticating' })
    await finishLogin(ctx, frame, attempt, { method: 'email', email })
  } catch (error) {
    if (ctx.session.attempt !== attempt) return
    setEmailLogin(ctx, { ...ctx.store.get(emailLoginAtom), step, busy: undefined, error: frameErrorMessage(error) })
  } finally {
    if (ctx.session.attempt !== attempt) settleAbandoned(ctx, attempt)
  }
}

/** Shows the step the frame asked for, or finishes the login when there is nothing to verify. */
async function continueEmailLogin(
  ctx: WidgetContext,
  frame: AuthFrame,
  attempt: number,
  email: string,
  action: FrameConnectEmailAction,
): Promise<void> {
  if (action === 'CONNECT') {
    setEmailLogin(ctx, { ...ctx.store.get(emailLoginAtom), email, attempt, busy: 'authenticating', error: undefined })
    await finishLogin(ctx, frame, attempt, { method: 'email', email })
    return
  }
  setEmailLogin(ctx, { step: 'otp', email, attempt })
  showStep(ctx, { name: 'EmailVerifyOtp', params: { email } })
}

/**
 * The first factor passed on a device that does not hold the wallet: VerifyDevice asks for the
 * key service's code or a passkey (actions/authDevice.ts).
 */
export function checkDevice(ctx: WidgetContext, attempt: number, login: LoginMethod, step: FrameSecondFactor): void {
  ctx.store.set(deviceCheckAtom, {
    attempt,
    login,
    sentTo: step.sentTo,
    match: step.match,
    opensAt: step.opensAt,
    passkeys: step.passkeys,
    emailRecovery: step.emailRecovery,
    partitioned: step.partitioned,
  })
  showStep(ctx, { name: 'VerifyDevice' })
}

/** On Connect the step is pushed (back returns to the field); from another login step it replaces that one. */
function showStep(ctx: WidgetContext, route: Route): void {
  const current = ctx.store.get(currentRouteAtom)
  if (current.name === route.name) return
  const type = LOGIN_STEPS.has(current.name) ? 'replace' : 'push'
  ctx.store.set(navigateAtom, { type, route })
}
const LOGIN_STEPS: ReadonlySet<Route['name']> = new Set(['EmailVerifyOtp', 'VerifyDevice', 'ConnectingSocial', 'ConnectingFarcaster'])

function setEmailLogin(ctx: WidgetContext, login: EmailLogin): void {
  ctx.store.set(emailLoginAtom, login)
}

export type AuthLogin = LoginMethod & { user?: FrameUser }

/**
 * After the frame has signed the user in: the user's account on the active network becomes the
 * connection (the dapp hears connect and accountsChanged), the login is remembered (SPEC section
 * 4), and the modal closes. A smart account when the dapp prefers one and the network has them
 * (SPEC section 5), falling back to EOA (SPEC section 8), chosen before the session starts: the
 * account the dapp is first told of is the one it keeps.
 */
export async function finishLogin(ctx: WidgetContext, frame: AuthFrame, attempt: number, login: AuthLogin): Promise<void> {
  const isCurrent = () => ctx.session.attempt === attempt
  const chainId = wantedChainId(ctx)
  const [user, smart] = await Promise.all([
    frame.api.getUser({ chainId, preferredAccountType: 'eoa' }),
    wantsSmartAccount(ctx, frame, chainId),
  ])
  if (!isCurrent()) return
  const session = await withSmartAccount(ctx, frame, authSession(ctx, mergeUser(user, login), login), smart)
  if (!isCurrent()) return
  establishSession(ctx, session)
  ctx.store.set(emailLoginAtom, {})
  ctx.store.set(socialLoginAtom, {})
  ctx.store.set(farcasterLoginAtom, {})
  ctx.store.set(deviceCheckAtom, {})
  track(ctx, 'CONNECT_SUCCESS', {
    method: login.method,
    name: login.method === 'email' ? EMAIL_CONNECTOR_NAME : SOCIAL_LABELS[login.provider],
  })
  closeModal(ctx)
}

/** The session on the smart account when `smart` and the frame sets it (SPEC section 8: else the EOA, with its toast). */
async function withSmartAccount(
  ctx: WidgetContext,
  frame: AuthFrame,
  session: ReturnType<typeof authSession>,
  smart: boolean,
): Promise<ReturnType<typeof authSession>> {
  const smartAccount = smart ? await choosePreferredAccount(ctx, frame, 'smartAccount') : undefined
  if (!smartAccount) return session
  return {
    ...session,
    accounts: session.accounts.map((account) => (account.namespace === 'eip155' ? { ...account, addresses: [smartAccount] } : account)),
  }
}

/** connectSocial's user carries the provider fields; getUser's the chain asked for. */
function mergeUser(user: FrameUser, login: AuthLogin): FrameUser {
  if (login.method !== 'social') return user
  return {
    ...user,
    userName: user.userName ?? login.user?.userName,
    socialProvider: user.socialProvider ?? login.user?.socialProvider ?? login.provider,
  }
}

/**
 * The embedded wallet's accounts for the session, after storing what SPEC section 4 says a login
 * stores; the caller establishes the session.
 */
function authSession(
  ctx: WidgetContext,
  user: FrameUser,
  login: AuthLogin | undefined,
): { connector: { id: string; name: string }; accounts: ConnectedNamespace[] } {
  const address = evmAccountOf(user)
  if (!address) throw new Error(NO_EVM_ACCOUNT_MESSAGE)
  const chainId = parseFrameChainId(user.chainId) ?? wantedChainId(ctx)
  const provider = login?.method === 'social' ? login.provider : socialProviderOf(user)
  const name = provider ? SOCIAL_LABELS[provider] : EMAIL_CONNECTOR_NAME
  ctx.store.set(authUserAtom, toAuthUser(user, address, provider))
  savePersisted(ctx, LAST_USED_CHAIN_KEY, `eip155:${chainId}`)
  if (login?.method === 'email') {
    // SPEC section 4: success sets the email-used flag, stores the email, clears the last login time.
    savePersisted(ctx, EMAIL_LOGIN_USED_KEY, 'true')
    savePersisted(ctx, EMAIL_KEY, login.email)
    removePersisted(ctx, LAST_EMAIL_LOGIN_KEY)
  } else if (login?.method === 'social') {
    savePersisted(ctx, CONNECTED_SOCIAL_KEY, login.provider)
    if (user.userName) savePersisted(ctx, SOCIAL_USERNAME_KEY, user.userName)
    else removePersisted(ctx, SOCIAL_USERNAME_KEY)
  }
  return {
    connector: { id: AUTH_CONNECTOR_ID, name },
    accounts: [
      { namespace: 'eip155', addresses: [address], caipNetworkId: `eip155:${chainId}` },
      ...familyAccounts(user.addresses, ctx.store.get(networksAtom)),
    ],
  }
}

/**
 * The wallet's account in each other family (Solana, Bitcoin) that the dapp asks for, on the
 * family's first requested network the frame names an address on: FrameUser.addresses gives a
 * family one address for all its networks (solana) or one per network (bip122, by CAIP-2 id).
 */
function familyAccounts(addresses: FrameAddresses | undefined, requested: readonly string[]): ConnectedNamespace[] {
  return Object.keys(addresses ?? {}).flatMap((key): ConnectedNamespace[] => {
    const namespace = key as Namespace
    for (const caipNetworkId of requested) {
      const address = familyAddressOn(addresses, namespace, caipNetworkId)
      if (address !== undefined) return [{ namespace, addresses: [address], caipNetworkId }]
    }
    return []
  })
}

/** The wallet's address on a network of a family other than eip155 (whose account is the frame's chain's); undefined when it has none. */
export function familyAddressOn(addresses: FrameAddresses | undefined, namespace: Namespace, caipNetworkId: string): string | undefined {
  if (namespace === 'eip155' || !caipNetworkId.startsWith(`${namespace}:`)) return undefined
  const held = (addresses as Partial<Record<Namespace, string | Readonly<Record<string, string>>>> | undefined)?.[namespace]
  return typeof held === 'string' ? held : held?.[caipNetworkId]
}

function toAuthUser(user: FrameUser, address: HexAddress, socialProvider: SocialProvider | undefined): AuthUser {
  const eoa = user.accounts.some((a) => a.type === 'eoa' && a.address.toLowerCase() === address.toLowerCase())
  return {
    email: user.email,
    userName: user.userName,
    // A session restored after a reload: the frame's user may not say which login made it.
    socialProvider: user.socialProvider ?? socialProvider,
    accounts: user.accounts,
    preferredAccountType: eoa ? 'eoa' : user.preferredAccountType,
    smartAccountDeployed: user.smartAccountDeployed,
    passkeys: user.passkeys ?? 0,
    addresses: user.addresses,
  }
}

/** The eip155 account to connect: the EOA the frame lists, else the user's address when it is one. */
export function evmAccountOf(user: FrameUser): HexAddress | undefined {
  const eoa = user.accounts.find((a) => a.type === 'eoa' && EVM_ADDRESS.test(a.address))?.address
  const address = eoa ?? (EVM_ADDRESS.test(user.address) ? user.address : undefined)
  return address as HexAddress | undefined
}

function socialProviderOf(user: FrameUser): SocialProvider | undefined {
  return isSocialProvider(user.socialProvider) ? user.socialProvider : undefined
}

/** The frame names eip155 chains by number; a string may be decimal, hex or CAIP-2. */
export function parseFrameChainId(chainId: number | string): number | undefined {
  return parseChainId(typeof chainId === 'string' ? chainId.replace(/^eip155:/, '') : chainId)
}

/** The chain the login is for: the active network when it is eip155, else the first eip155 one offered. */
export function wantedChainId(ctx: WidgetContext): number {
  const candidates = [ctx.store.get(activeCaipNetworkIdAtom), ...ctx.store.get(networksAtom)]
  for (const caip of candidates) {
    if (!caip.startsWith('eip155:')) continue
    const id = parseChainId(caip.slice('eip155:'.length))
    if (id !== undefined) return id
  }
  return 1
}

/** After a reload: the chain the wallet was last on (SPEC section 4's cached last chain), while the dapp offers it. */
async function reconnectChainId(ctx: WidgetContext): Promise<number> {
  const last = await loadPersisted(ctx, LAST_USED_CHAIN_KEY)
  const offered = last !== undefined && ctx.store.get(networksAtom).includes(last)
  return (offered ? parseFrameChainId(last) : undefined) ?? wantedChainId(ctx)
}

/** SPEC sections 1 and 5: eip155 defaults to smart accounts, offered where the network has them. */
async function wantsSmartAccount(ctx: WidgetContext, frame: AuthFrame, chainId: number): Promise<boolean> {
  // Asked whatever the default: a later switch to the smart account and wallet_sendCalls read the list too.
  const networks = await loadSmartAccountNetworks(ctx, frame)
  const wanted = ctx.store.get(optionsAtom)?.defaultAccountTypes?.eip155 ?? 'smartAccount'
  return wanted === 'smartAccount' && networks.includes(chainId)
}

/** The frame's smart-account networks, stored; SPEC section 8: a failed fetch stores an empty list. */
async function loadSmartAccountNetworks(ctx: WidgetContext, frame: AuthFrame): Promise<readonly number[]> {
  const networks = await withTimeout(frame.api.getSmartAccountEnabledNetworks(), AUTH_OPTIONAL_CALL_TIMEOUT_MS, () => new Error('timeout'))
    .then((r) => r.smartAccountEnabledNetworks)
    .catch(() => [] as number[])
  ctx.store.set(smartAccountNetworksAtom, networks)
  return networks
}

/**
 * SPEC section 6: the preferred account type is settable. A type the frame cannot set (smart
 * accounts, today) leaves the wallet on its EOA with SPEC section 8's toast.
 */
export async function setAuthPreferredAccount(ctx: WidgetContext, type: FrameAccountType): Promise<void> {
  const connection = ctx.store.get(connectionAtom)
  if (connection.status !== 'connected' || connection.connectorId !== AUTH_CONNECTOR_ID) return
  const address = await loadAuthFrame(ctx).then(
    (frame) => choosePreferredAccount(ctx, frame, type),
    (error: unknown) => preferenceFailed(ctx, type, error),
  )
  if (address) updateConnection(ctx, 'eip155', { addresses: [address] })
}

/** Asks the frame for the account of `type`: its address, or undefined (with SPEC section 8's toast) when it cannot. */
async function choosePreferredAccount(ctx: WidgetContext, frame: AuthFrame, type: FrameAccountType): Promise<HexAddress | undefined> {
  try {
    const result = await frame.api.setPreferredAccount({ type })
    if (!EVM_ADDRESS.test(result.address)) throw new Error(NO_EVM_ACCOUNT_MESSAGE)
    const user = ctx.store.get(authUserAtom)
    if (user) ctx.store.set(authUserAtom, { ...user, preferredAccountType: result.type })
    return result.address as HexAddress
  } catch (error) {
    return preferenceFailed(ctx, type, error)
  }
}

function preferenceFailed(ctx: WidgetContext, type: FrameAccountType, error: unknown): undefined {
  if (type === 'eoa') {
    ctx.toasts.show(frameErrorMessage(error), 'error')
    return undefined
  }
  const user = ctx.store.get(authUserAtom)
  if (user) ctx.store.set(authUserAtom, { ...user, preferredAccountType: 'eoa' })
  ctx.toasts.show(SMART_ACCOUNT_UNSUPPORTED_MESSAGE, 'error')
  return undefined
}

/**
 * The silent reconnect after a reload (connectors/reconnect.ts): the session's accounts when the
 * frame still has it (its cookie, or the token it pushed with sessionUpdate); undefined when it has
 * not, and the token is forgotten. A frame that does not load throws: the login is kept for the
 * next load.
 */
export async function reconnectAuth(ctx: WidgetContext, isCurrent: () => boolean): Promise<ReturnType<typeof authSession> | undefined> {
  const frame = await loadAuthFrame(ctx)
  if (!isCurrent()) return undefined
  const stored = await loadPersisted(ctx, AUTH_SESSION_KEY)
  const token = stored !== undefined && FRAME_SESSION_TOKEN.test(stored) ? stored : undefined
  const { isConnected } = await frame.api.isConnected(token ? { token } : undefined)
  if (!isCurrent()) return undefined
  if (!isConnected) {
    removePersisted(ctx, AUTH_SESSION_KEY)
    return undefined
  }
  const chainId = await reconnectChainId(ctx)
  const [user, smart] = await Promise.all([
    frame.api.getUser({ chainId, preferredAccountType: 'eoa' }),
    wantsSmartAccount(ctx, frame, chainId),
  ])
  if (!isCurrent()) return undefined
  const login = await storedLogin(ctx, user)
  // The frame keeps the account type in memory only: a reload chooses it again, as a login does.
  const session = await withSmartAccount(
    ctx,
    frame,
    authSession(ctx, login?.method === 'social' && login.user ? login.user : user, login),
    smart,
  )
  return isCurrent() ? session : undefined
}

/** Which login a restored session came from: the frame's user says, else what the login stored. */
async function storedLogin(ctx: WidgetContext, user: FrameUser): Promise<AuthLogin | undefined> {
  const stored = await loadPersisted(ctx, CONNECTED_SOCIAL_KEY)
  const provider = socialProviderOf(user) ?? (isSocialProvider(stored) ? stored : undefined)
  if (provider) {
    const userName = user.userName ?? (await loadPersisted(ctx, SOCIAL_USERNAME_KEY))
    return { method: 'social', provider, user: { ...user, ...(userName ? { userName } : {}) } }
  }
  const email = user.email ?? (await loadPersisted(ctx, EMAIL_KEY))
  return email ? { method: 'email', email } : undefined
}

/** The AUTH connector's part of a disconnect: the frame signs this device out (not the wallet). */
export async function disconnectAuth(ctx: WidgetContext): Promise<void> {
  removePersisted(ctx, AUTH_SESSION_KEY)
  ctx.store.set(authUserAtom, undefined)
  ctx.store.set(smartAccountNetworksAtom, [])
  ctx.store.set(callBatchesAtom, new Map())
  const loaded = authFrameLoaded(ctx)
  if (!loaded) return
  const frame = await loaded
  await withTimeout(frame.api.signOut(), SIGN_OUT_TIMEOUT_MS, () => new Error('the secure frame did not answer the sign-out'))
}

/**
 * wallet_switchEthereumChain for the embedded wallet: the frame moves the user to `chainId`, the
 * widget's connection and the dapp (chainChanged) follow.
 */
export async function switchAuthChain(ctx: WidgetContext, chainId: number): Promise<void> {
  const frame = await loadAuthFrame(ctx)
  const result = await frame.api.switchNetwork({ chainId })
  const switched = parseFrameChainId(result.chainId) ?? chainId
  updateConnection(ctx, 'eip155', { caipNetworkId: `eip155:${switched}` })
  savePersisted(ctx, LAST_USED_CHAIN_KEY, `eip155:${switched}`)
}
