import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { checkBoot, readBootInput } from './core/boot'
import { AppAlert } from './ui/AppAlert'
import { walletRequest } from './connectors/request'
import { createWidgetContext } from './core/context'
import { connectToHost } from './host/connection'
import { detectMobile } from './core/platform'
import { createSafeStorage } from './core/storage/safeStorage'
import { syncThemeToDocument } from './core/theme/applyTheme'
import './ui/base.css'
import './ui/components.css'

performance.mark('airlock:boot')
const root = createRoot(document.getElementById('root')!)
const boot = checkBoot(readBootInput(window))

if (!boot.ok) {
  // Nothing else runs: no handshake, no requests.
  root.render(<AppAlert message={boot.message} />)
} else {
  const ctx = createWidgetContext({
    config: boot.config,
    walletRequest,
    storage: createSafeStorage(() => window.localStorage),
    isMobile: detectMobile(window),
  })
  syncThemeToDocument(ctx.store, document.documentElement)
  // Before rendering: the handshake must not wait on React.
  connectToHost(ctx)
  // A transition renders in time slices, so the handshake's messages are handled between them.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App ctx={ctx} />
      </StrictMode>,
    )
  })
}
