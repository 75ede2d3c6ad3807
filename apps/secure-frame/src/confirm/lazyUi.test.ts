import { describe, expect, it } from 'vitest'
import type { ConfirmationUi, ConfirmRequest } from './confirmation'
import { lazyUi } from './lazyUi'

const request = { id: 'r1', method: 'personal_sign', params: [], chainId: 1, from: '0x', dapp: undefined } satisfies ConfirmRequest

function deferredUi() {
  const log: string[] = []
  const ui: ConfirmationUi = {
    show: (req) => {
      log.push(`show ${req.id}`)
      return () => log.push(`hide ${req.id}`)
    },
    onScreen: async () => void log.push('on screen'),
  }
  let load!: (value: ConfirmationUi) => void
  const loading = new Promise<ConfirmationUi>((resolve) => (load = resolve))
  return { lazy: lazyUi(() => loading), load: () => load(ui), log }
}

describe('the lazily loaded confirmation UI', () => {
  it('shows the request once loaded, and is on screen only then', async () => {
    const { lazy, load, log } = deferredUi()
    const hide = lazy.show(request, () => {})
    const onScreen = lazy.onScreen(new AbortController().signal)
    expect(log).toEqual([])
    load()
    await onScreen
    expect(log).toEqual(['show r1', 'on screen'])
    hide()
    expect(log).toEqual(['show r1', 'on screen', 'hide r1'])
  })

  it('never shows a request withdrawn before the UI loaded', async () => {
    const { lazy, load, log } = deferredUi()
    lazy.show(request, () => {})()
    load()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(log).toEqual([])
  })
})
