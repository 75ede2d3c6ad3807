import type { WidgetContext } from '../../core/context'
import { connectorsAtom, registryNamesAtom } from './atoms'
import { injectedRef, namesFromRegistry } from './registryNames'

/** A registry lookup waits no longer than this: a wallet the registry did not name is listed by its key. */
const REGISTRY_LOOKUP_TIMEOUT_MS = 3000

const asked = new WeakMap<WidgetContext, Set<string>>()

/**
 * Asks the wallet registry for the names of the page's connectors that carry only a key (Polkadot
 * extensions), each key once: those connectors are listed once it answers (registryNames.ts).
 */
export async function lookUpRegistryNames(ctx: WidgetContext): Promise<void> {
  const seen = asked.get(ctx) ?? new Set<string>()
  asked.set(ctx, seen)
  const refs = [...new Set(ctx.store.get(connectorsAtom).flatMap((c) => injectedRef(c) ?? []))].filter((ref) => !seen.has(ref))
  if (refs.length === 0) return
  for (const ref of refs) seen.add(ref)
  const wallets = await ctx.explorer
    .getWallets({ page: 1, entries: 100, injected: refs }, AbortSignal.timeout(REGISTRY_LOOKUP_TIMEOUT_MS))
    .then((page) => page.data)
    .catch(() => [])
  const found = namesFromRegistry(refs, wallets, ctx.explorer.imageUrl)
  ctx.store.set(registryNamesAtom, (names) => new Map([...names, ...found]))
}
