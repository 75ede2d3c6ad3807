/** The peer address under @hono/node-server (what rate limits key on); requests through app.request() have none. */
export function clientAddress(c: { env: unknown }): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}
