import type { WidgetMethods } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { createMemoryStorage, type KeyValueStorage } from '../core/storage/safeStorage'
import { onHostConnected } from '../host/connection'
import { createWidgetMethods } from '../host/widgetMethods'
import { createFakeHost, createTestContext, flush, type FakeHost } from './fakeHost'

/** The widget as a dapp page meets it: its methods, after the handshake with `host` (and its first answers). */
export async function bootWidget(
  host: FakeHost = createFakeHost(),
  storage: KeyValueStorage = createMemoryStorage(),
): Promise<{ ctx: WidgetContext; methods: WidgetMethods; host: FakeHost }> {
  const ctx = createTestContext(host, { storage })
  const methods = createWidgetMethods(ctx)
  onHostConnected(ctx, host.api)
  await flush()
  return { ctx, methods, host }
}
