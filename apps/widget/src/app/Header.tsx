import { useAtomValue, useStore, type Getter } from 'jotai'
import { goBack } from '../core/router/navigation'
import { routeEntry } from '../core/router/registry'
import { requestClose } from '../core/modal/modal'
import { canGoBack, currentRoute } from '../core/router/router'
import type { Route } from '../core/router/routes'
import { listedWalletsAtom } from '../connectors/relayed/atoms'
import { routerAtom } from '../core/router/atoms'
import { useWidget } from '../core/react'
import { IconButton } from '../ui/Button'
import { BackIcon, CloseIcon } from '../ui/icons'

/** The route's own title (features/<x>/routes.ts). */
function useTitle(route: Route): string {
  const { title } = routeEntry(route.name)
  const store = useStore()
  // Titles that read the store re-render with the router; the wallet list is the only other input.
  useAtomValue(listedWalletsAtom)
  return typeof title === 'string' ? title : (title as (params: unknown, get: Getter) => string)(route.params, store.get)
}

export function Header() {
  const ctx = useWidget()
  const router = useAtomValue(routerAtom)
  const title = useTitle(currentRoute(router))
  return (
    <header className="al-header">
      {canGoBack(router) ? (
        <IconButton aria-label="Back" data-testid="back-button" onClick={() => goBack(ctx)}>
          <BackIcon />
        </IconButton>
      ) : (
        <span />
      )}
      <h1 className="al-title">{title}</h1>
      <IconButton aria-label="Close" data-testid="close-button" onClick={() => void requestClose(ctx)}>
        <CloseIcon />
      </IconButton>
    </header>
  )
}
