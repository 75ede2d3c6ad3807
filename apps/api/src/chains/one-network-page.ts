/**
 * A history page read from one network's node (bip122's esplora, polkadot's blocks): a cursor of
 * one network (a txid, a block number) means nothing on another, so an account the API could read
 * on several of its networks needs the caller's chainId (400). No network, or one without an
 * upstream, is an empty page; a node that fails, a 502.
 */
export async function oneNetworkPage<P>(
  query: { networks: string[]; account: string; who: string },
  read: (caip2: string) => Promise<P> | undefined,
): Promise<P | { data: never[]; next: null } | { status: 400 | 502; error: string; field?: string }> {
  if (query.networks.length > 1)
    return {
      status: 400,
      field: 'chainId',
      error: `chainId is required for ${query.who}: this API serves ${query.networks.join(', ')}`,
    }
  const caip2 = query.networks[0]
  const reading = caip2 ? read(caip2) : undefined
  if (!caip2 || !reading) return { data: [], next: null }
  try {
    return await reading
  } catch (error) {
    console.error(`[api] history ${query.account} on ${caip2}:`, error)
    return { status: 502, error: 'History Unavailable: the chain did not answer' }
  }
}
