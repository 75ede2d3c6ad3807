import { describe, expect, it } from 'vitest'
import { canGoBack, createRouterState, currentRoute, routerReducer, type RouterAction, type RouterState } from './router'
import type { Route } from './routes'

const connect: Route = { name: 'Connect' }
const account: Route = { name: 'Account' }
const connecting: Route = { name: 'ConnectingExternal', params: { connectorId: 'io.metamask' } }

const run = (state: RouterState, ...actions: RouterAction[]) => actions.reduce(routerReducer, state)
const names = (state: RouterState) => state.stack.map((r) => r.name)

describe('router actions', () => {
  it('starts on Connect with nowhere to go back to', () => {
    const state = createRouterState()
    expect(currentRoute(state)).toEqual(connect)
    expect(canGoBack(state)).toBe(false)
  })

  it('push adds a view with its typed params', () => {
    const state = run(createRouterState(), { type: 'push', route: connecting })
    expect(currentRoute(state)).toEqual(connecting)
    expect(state.direction).toBe('forward')
    expect(canGoBack(state)).toBe(true)
  })

  it('back pops one view', () => {
    const state = run(createRouterState(), { type: 'push', route: connecting }, { type: 'back' })
    expect(names(state)).toEqual(['Connect'])
    expect(state.direction).toBe('back')
  })

  it('back is a no-op at the root (same state object)', () => {
    const root = createRouterState()
    expect(routerReducer(root, { type: 'back' })).toBe(root)
  })

  it('replace swaps the current view and keeps the rest', () => {
    const state = run(createRouterState(), { type: 'push', route: connecting }, { type: 'replace', route: account })
    expect(names(state)).toEqual(['Connect', 'Account'])
  })

  it('reset leaves a single view', () => {
    const state = run(
      createRouterState(),
      { type: 'push', route: connecting },
      { type: 'push', route: account },
      { type: 'reset', route: connect },
    )
    expect(names(state)).toEqual(['Connect'])
    expect(canGoBack(state)).toBe(false)
  })

  it('does not mutate the previous state', () => {
    const before = run(createRouterState(), { type: 'push', route: connecting })
    const snapshot = names(before)
    run(before, { type: 'replace', route: account }, { type: 'back' }, { type: 'push', route: account })
    expect(names(before)).toEqual(snapshot)
  })
})

// SPEC section 2 navigation rules, expressed with the actions the (future) views will use.
describe('SPEC navigation rules', () => {
  const onAccount = createRouterState(account)

  it('swap initialisation failure goes back one view', () => {
    const inSwap = run(onAccount, { type: 'push', route: connecting })
    expect(currentRoute(run(inSwap, { type: 'back' }))).toEqual(account)
  })

  it('a successful swap (or connection) replaces the view with Account', () => {
    const inFlow = run(createRouterState(), { type: 'push', route: connecting })
    const after = run(inFlow, { type: 'replace', route: account })
    expect(currentRoute(after)).toEqual(account)
    expect(after.stack).toHaveLength(2)
  })

  it('sign-in cancel or failure resets to Connect', () => {
    const deep = run(createRouterState(), { type: 'push', route: connecting }, { type: 'push', route: account })
    expect(run(deep, { type: 'reset', route: connect }).stack).toEqual([connect])
  })

  it('a confirmation step is pushed on top of the flow and back returns to it', () => {
    const flow = run(onAccount, { type: 'push', route: connecting })
    const confirming = run(flow, { type: 'push', route: account })
    expect(names(confirming)).toEqual(['Account', 'ConnectingExternal', 'Account'])
    expect(currentRoute(run(confirming, { type: 'back' }))).toEqual(connecting)
  })

  it('after sending, Account is pushed on the stack', () => {
    const sent = run(onAccount, { type: 'push', route: connecting }, { type: 'push', route: account })
    expect(currentRoute(sent)).toEqual(account)
    expect(canGoBack(sent)).toBe(true)
  })
})
