import type { Route } from './routes'

export interface RouterState {
  /** Never empty: the last route is the current view. */
  stack: readonly [Route, ...Route[]]
  /** Which way the last navigation went, for the view transition. */
  direction: 'forward' | 'back' | 'none'
}

export type RouterAction =
  { type: 'push'; route: Route } | { type: 'back' } | { type: 'replace'; route: Route } | { type: 'reset'; route: Route }

export function createRouterState(route: Route = { name: 'Connect' }): RouterState {
  return { stack: [route], direction: 'none' }
}

export function currentRoute(state: RouterState): Route {
  return state.stack[state.stack.length - 1]!
}

export function canGoBack(state: RouterState): boolean {
  return state.stack.length > 1
}

export function routerReducer(state: RouterState, action: RouterAction): RouterState {
  switch (action.type) {
    case 'push':
      return { stack: [...state.stack, action.route], direction: 'forward' }
    case 'back':
      if (!canGoBack(state)) return state
      return { stack: state.stack.slice(0, -1) as unknown as RouterState['stack'], direction: 'back' }
    case 'replace':
      return { stack: [...state.stack.slice(0, -1), action.route] as unknown as RouterState['stack'], direction: 'forward' }
    case 'reset':
      return { stack: [action.route], direction: 'none' }
  }
}
