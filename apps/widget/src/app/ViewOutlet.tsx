import { useAtomValue } from 'jotai'
import { Suspense, type ComponentType } from 'react'
import { routerAtom } from '../core/router/atoms'
import { routeEntry } from '../core/router/registry'
import { currentRoute } from '../core/router/router'
import { Spinner } from '../ui/Spinner'
import './routes'

export function ViewOutlet() {
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
      </Suspense>
    </div>
  )
}
