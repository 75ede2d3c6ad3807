// @vitest-environment happy-dom
import { FrameErrorMessage } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onHostConnected } from '../../../host/connection'
import { CONNECTED_SOCIAL_KEY, SOCIAL_USERNAME_KEY } from '../../../core/storage/persisted'
import { createMemoryStorage } from '../../../core/storage/safeStorage'
import { authUserAtom, farcasterLoginAtom } from '../../../connectors/embedded/atoms'
import { createFakeFrame, frameUser } from '../../../testing/fakeFrame'
import { createFakeHost, createTestContext, flush } from '../../../testing/fakeHost'
import { connectFarcaster } from './farcaster'
import { cancelConnect } from '../../../core/session/session'
import { openModal } from '../../../core/modal/modal'
import { setOptions } from '../../../core/options/options'
import { connectionAtom } from '../../../core/session/active'

afterEach(() => vi.restoreAllMocks())

async function setup() {
  const host = createFakeHost({ connectors: [] })
  const frame = createFakeFrame()
  const ctx = createTestContext(host, { storage: createMemoryStorage(), frame: frame.factory })
  onHostConnected(ctx, host.api)
  await flush()
  setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337'] })
  openModal(ctx)
  return { ctx, host, frame }
}

const farcasterUser = () => frameUser({ email: undefined, socialProvider: 'farcaster', userName: 'ada.eth' })

describe('Sign In With Farcaster', () => {
  it("shows the channel URL, asks again after 'still pending', then connects with the Farcaster name", async () => {
    const { ctx, frame } = await setup()
    let calls = 0
    let url: string | undefined
    frame.methods.connectFarcaster = () => {
      url = ctx.store.get(farcasterLoginAtom).url
      if (++calls < 3) throw new Error(FrameErrorMessage.SocialPending)
      return { action: 'CONNECT' as const, user: farcasterUser() }
    }
    await connectFarcaster(ctx)
    expect(url).toBe('https://farcaster.example/login')
    expect(calls).toBe(3)
    expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', connectorName: 'Farcaster' })
    expect(ctx.store.get(authUserAtom)).toMatchObject({ socialProvider: 'farcaster', userName: 'ada.eth' })
    expect(ctx.storage.get(CONNECTED_SOCIAL_KEY)).toBe('farcaster')
    expect(ctx.storage.get(SOCIAL_USERNAME_KEY)).toBe('ada.eth')
    expect(ctx.store.get(farcasterLoginAtom)).toEqual({})
  })

  it("a refusal shows the frame's message; leaving the view stops the asking", async () => {
    const { ctx, frame } = await setup()
    frame.methods.connectFarcaster = () => {
      throw new Error('This Farcaster sign-in has expired: start again')
    }
    await connectFarcaster(ctx)
    expect(ctx.store.get(farcasterLoginAtom)).toMatchObject({ status: 'error', error: 'This Farcaster sign-in has expired: start again' })
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')

    let calls = 0
    frame.methods.connectFarcaster = async () => {
      calls++
      cancelConnect(ctx)
      throw new Error(FrameErrorMessage.SocialPending)
    }
    await connectFarcaster(ctx)
    expect(calls).toBe(1)
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
  })
})
