import { useAtomValue } from 'jotai'
import { Suspense, useLayoutEffect, type ComponentType } from 'react'
import { routerAtom } from '../core/router/atoms'
import { routeEntry } from '../core/router/registry'
import { currentRoute } from '../core/router/router'
import { Spinner } from '../ui/Spinner'
import './routes'

/** The current route's view; `onViewShown` runs once a view has mounted (its lazy chunk loaded), before it paints. */
export function ViewOutlet({ onViewShown }: { onViewShown: () => void }) {
  const router = useAtomValue(routerAtom)
  const route = currentRoute(router)
  // The route's params are its view's props (RouteEntry ties the two types per route).
  const View = routeEntry(route.name).view.Component as ComponentType<object>
  return (
    <div className="al-view" key={`${router.stack.length}:${route.name}`} data-direction={router.direction}>
      <Suspense
        fallback={
          <div className="al-view-loading">
            <Spinner />
          </div>
        }
      >
        <View {...route.params} />
        <Shown onShown={onViewShown} />
      </Suspense>
    </div>
  )
}

/** Mounts with the view it stands beside: they leave Suspense together. */
function Shown({ onShown }: { onShown: () => void }) {
  useLayoutEffect(onShown, [onShown])
  return null
}
