import { lazy, type ComponentType } from 'react'
import type { LazyView, Route, RouteEntry, RouteName, RouteTable } from './routes'

/** A view in its own chunk, fetched once: on navigation, or earlier by preloadRoute. */
export function lazyView<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyView<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () => (loading ??= load())
  return { Component: lazy(preload), preload }
}

/** A view of the first paint (bundled with the shell). */
export function eagerView<P>(Component: ComponentType<P>): LazyView<P> {
  return { Component, preload: () => Promise.resolve() }
}

let table: Partial<RouteTable> = {}

/** The app shell registers every feature's routes once, at start (app/routes.ts). */
export function registerRoutes(routes: RouteTable): void {
  table = routes
}

export function routeEntry<K extends RouteName>(name: K): RouteEntry<K> {
  const entry = table[name] as RouteEntry<K> | undefined
  if (!entry) throw new Error(`No view is registered for the route ${name}`)
  return entry
}

/** Fetches a view's chunk ahead of navigation (hover, focus, a likely next view). */
export function preloadRoute(name: RouteName): void {
  void (table[name] as RouteEntry<RouteName> | undefined)?.view.preload()
}

export function isConnectingRoute(route: Route): boolean {
  return (table[route.name] as RouteEntry<RouteName> | undefined)?.connecting === true
}
