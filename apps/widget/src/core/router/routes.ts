import type { Getter } from 'jotai'
import type { ComponentType } from 'react'

/**
 * Params per view; `undefined` means the view takes none. Empty here: each feature adds its own
 * routes to this interface (declaration merging in its `routes.ts`) and registers their views,
 * so core knows no feature and a view navigates by name without importing another view.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declaration merging
export interface RouteParams {}

export type RouteName = keyof RouteParams

export type Route = {
  [K in RouteName]: RouteParams[K] extends undefined ? { name: K; params?: undefined } : { name: K; params: RouteParams[K] }
}[RouteName]

export type RouteOf<K extends RouteName> = Extract<Route, { name: K }>

/** A view's props are its route's params. */
export type ViewProps<K extends RouteName> = RouteParams[K] extends undefined ? object : NonNullable<RouteParams[K]>

/** A view whose chunk can be fetched ahead of navigation (on hover, on open). */
export interface LazyView<P> {
  Component: ComponentType<P>
  preload(): Promise<unknown>
}

export interface RouteEntry<K extends RouteName> {
  view: LazyView<ViewProps<K>>
  /** The header's title; a function reads the params and the store. */
  title: string | ((params: RouteParams[K], get: Getter) => string)
  /** A view of a connection attempt: leaving it abandons the attempt. */
  connecting?: true
}

export type RouteTable<K extends RouteName = RouteName> = { [N in K]: RouteEntry<N> }
