import { atom } from 'jotai'
import { createRouterState, currentRoute, routerReducer, type RouterAction } from './router'

export const routerAtom = atom(createRouterState())

export const currentRouteAtom = atom((get) => currentRoute(get(routerAtom)))

export const navigateAtom = atom(null, (get, set, action: RouterAction) => {
  set(routerAtom, routerReducer(get(routerAtom), action))
})
