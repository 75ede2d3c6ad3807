import { act, configure, render } from '@testing-library/react'
import { App } from '../app/App'
import type { WidgetContext } from '../core/context'
import { onHostConnected } from '../host/connection'
import { openModal } from '../core/modal/modal'
import { createTestContext, flush, type FakeHost } from './fakeHost'
import type { KeyValueStorage } from '../core/storage/safeStorage'
import type { FrameTransportFactory } from '../connectors/embedded/transport'

// A view of a lazy chunk can take seconds to appear on a loaded 2-core machine (CI runs the suite
// beside its builds): findBy/waitFor wait for behaviour, not speed, whose budgets are in the bench.
configure({ asyncUtilTimeout: 10_000 })

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
