// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestApproval } from '../../connectors/embedded/approvals'
import { closeModal } from '../../core/modal/modal'
import type { FrameSurface } from '../../connectors/embedded/surface'
import { secureSlotsAtom, secureSurfaceHeightAtom } from '../../connectors/embedded/surfaceAtoms'
import { createFakeFrame } from '../../testing/fakeFrame'
import { createFakeHost, TEST_ADDRESS } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** A fake frame with a visible surface that records where it was laid. */
function frameWithSurface() {
  const frame = createFakeFrame()
  const attached: HTMLElement[] = []
  const detached: HTMLElement[] = []
  const surface: FrameSurface = {
    attach(slot) {
      attached.push(slot)
      return () => void detached.push(slot)
    },
  }
  const factory: typeof frame.factory = async (...args) => ({ ...(await frame.factory(...args)), surface })
  return { factory, attached, detached }
}

const request = {
  method: 'personal_sign',
  params: [toHex('hello'), TEST_ADDRESS],
  caipNetworkId: 'eip155:31337',
  from: TEST_ADDRESS,
} as const

describe('ApproveTransaction view', () => {
  it("lays the secure frame over its slot while the request waits, sized to the frame's content, and draws no Approve itself", async () => {
    const { factory, attached, detached } = frameWithSurface()
    const { ctx } = await renderApp(createFakeHost(), { frame: factory })
    let answer!: Promise<unknown>
    await act(async () => {
      answer = requestApproval(ctx, { ...request, params: [...request.params] }, () => new Promise(() => {}))
      answer.catch(() => {})
    })
    const slot = await screen.findByTestId('secure-frame-slot')
    await waitFor(() => expect(attached).toEqual([slot]))
    expect(ctx.store.get(secureSlotsAtom)).toBe(1)
    expect(screen.queryByTestId('approve-confirm')).toBeNull()
    act(() => ctx.store.set(secureSurfaceHeightAtom, 420))
    expect(slot.style.height).toBe('420px')

    // Closing the modal withdraws the request and takes the frame off the card.
    act(() => closeModal(ctx))
    await expect(answer).rejects.toMatchObject({ message: 'Request was aborted' })
    await waitFor(() => expect(detached).toEqual([slot]))
    expect(ctx.store.get(secureSlotsAtom)).toBe(0)
  })
})
