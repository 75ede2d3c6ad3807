import { act, render } from '@testing-library/react'
import { App } from '../app/App'
import type { WidgetContext } from '../core/context'
import { onHostConnected } from '../host/connection'
import { openModal } from '../core/modal/modal'
import { createTestContext, flush, type FakeHost } from './fakeHost'
import type { KeyValueStorage } from '../core/storage/safeStorage'
import type { FrameTransportFactory } from '../connectors/embedded/transport'

/** Renders the whole app against a fake host, handshake done and the modal open. */
export async function renderApp(
  host: FakeHost,
  deps: { storage?: KeyValueStorage; fetch?: typeof fetch; frame?: FrameTransportFactory; open?: boolean } = {},
): Promise<{ ctx: WidgetContext } & ReturnType<typeof render>> {
  const ctx = createTestContext(host, deps)
  const utils = render(<App ctx={ctx} />)
  await act(async () => {
    onHostConnected(ctx, host.api)
    await flush()
    if (deps.open !== false) openModal(ctx)
  })
  return { ctx, ...utils }
}
