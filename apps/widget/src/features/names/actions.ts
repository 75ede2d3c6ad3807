import { parseChainId } from '@airlock/chains'
import { evmChainIdToCoinType, NAME_MESSAGE_PURPOSE, nameMessageNow, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { createNamesApi, nameErrorText } from '../../core/names/api'
import { fullName, labelError, labelOf, NAME_ZONE, NameError, namesSupported } from '../../core/names/rules'
import { EMPTY_SUGGESTIONS, nameRegistrationAtom, nameSuggestionsAtom } from './store'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { loadChainAdapter } from '../../chains/registry'
import { connectedAccount } from '../../core/session/connectedAccount'

/** SPEC section 4 name registration and suggestions, with the SPEC section 8 error texts (lookups: core/names/resolve.ts). */

/** The text of a failed names call, already as the modal shows it. */
class ApiRefusal extends Error {}

/** Names are registered for eip155 accounts (their coin type is the EVM chain's, ENSIP-11). */
const NAMES_NAMESPACE = 'eip155'

/** What the register view shows when the wallet declines to sign. */
export const SIGNATURE_DECLINED = 'Signature declined'

/** Suggestions for what the user typed (the view debounces the typing); a label that breaks the rule asks nothing. */
export async function fetchNameSuggestions(ctx: WidgetContext, input: string): Promise<void> {
  const label = labelOf(input)
  if (labelError(label) !== undefined) {
    ctx.store.set(nameSuggestionsAtom, { ...EMPTY_SUGGESTIONS, label })
    return
  }
  ctx.store.set(nameSuggestionsAtom, { label, loading: true, suggestions: ctx.store.get(nameSuggestionsAtom).suggestions })
  let next: typeof EMPTY_SUGGESTIONS
  try {
    const { suggestions } = await createNamesApi(ctx.dataApi).suggestions(label, NAME_ZONE)
    next = { label, loading: false, suggestions }
  } catch (error) {
    next = { label, loading: false, suggestions: [], error: nameErrorText(error, NameError.suggestions) }
  }
  // A later keystroke asked for another label meanwhile: its answer is the one to show.
  if (ctx.store.get(nameSuggestionsAtom).label === label) ctx.store.set(nameSuggestionsAtom, next)
}

export function clearNameSuggestions(ctx: WidgetContext): void {
  ctx.store.set(nameSuggestionsAtom, EMPTY_SUGGESTIONS)
}

/**
 * SPEC section 4: push the success view, sign the registration message, register, then set the
 * profile name (the identity cache of the address is dropped, so the Account view reads the new
 * name). On failure: back to the register view with the error.
 */
export async function registerAccountName(ctx: WidgetContext, input: string): Promise<boolean> {
  const label = labelOf(input)
  const name = fullName(label)
  const ruleError = labelError(label)
  if (ruleError) {
    ctx.store.set(navigateAtom, { type: 'replace', route: { name: 'RegisterAccountName', params: { error: ruleError } } })
    return false
  }
  ctx.store.set(navigateAtom, { type: 'push', route: { name: 'RegisterAccountNameSuccess', params: { name } } })
  try {
    const { address, caipNetworkId } = connectedAccount(ctx, NAMES_NAMESPACE)
    const chainId = parseChainId(caipNetworkId.slice(`${NAMES_NAMESPACE}:`.length))
    if (!namesSupported(caipNetworkId) || chainId === undefined) throw new ApiRefusal(NameError.register(name))
    ctx.store.set(nameRegistrationAtom, { name, status: 'signing' })
    const coinType = evmChainIdToCoinType(chainId)
    // Bound to the API's host, the purpose and the coin type: the signature is good for this registration only.
    const domain = new URL(ctx.config.apiUrl).host
    const purpose = NAME_MESSAGE_PURPOSE.register
    const message = nameMessageNow({ domain, purpose, name, address, coinType, attributes: {} }, Date.now())
    const family = await loadChainAdapter(NAMES_NAMESPACE)
    const signature = await family.signMessage((method, params) => ctx.wallet(NAMES_NAMESPACE, method, params), address, message)
    ctx.store.set(nameRegistrationAtom, { name, status: 'registering' })
    try {
      await createNamesApi(ctx.dataApi).register({ coin_type: coinType, address, message, signature })
    } catch (error) {
      throw new ApiRefusal(nameErrorText(error, NameError.register(name)))
    }
    ctx.identity.invalidate(address)
    ctx.store.set(nameRegistrationAtom, { name, status: 'registered' })
    clearNameSuggestions(ctx)
    return true
  } catch (error) {
    ctx.store.set(nameRegistrationAtom, undefined)
    const rejected = (error as { code?: unknown } | undefined)?.code === RpcErrorCode.UserRejected
    const text = rejected ? SIGNATURE_DECLINED : error instanceof ApiRefusal ? error.message : NameError.register(name)
    // Back from the success view to the register view (the one the user came from), now with the error.
    const route = ctx.store.get(currentRouteAtom)
    if (route.name === 'RegisterAccountNameSuccess' && route.params.name === name) {
      ctx.store.set(navigateAtom, { type: 'back' })
      const type = ctx.store.get(currentRouteAtom).name === 'RegisterAccountName' ? 'replace' : 'push'
      ctx.store.set(navigateAtom, { type, route: { name: 'RegisterAccountName', params: { error: text } } })
    }
    ctx.toasts.show(text, 'error')
    return false
  }
}
