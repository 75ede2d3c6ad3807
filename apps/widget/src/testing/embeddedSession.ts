import { keccak256, toHex, type Hex } from 'viem'
import { expect, vi } from 'vitest'
import { approvalQueueAtom } from '../connectors/embedded/approvalAtoms'
import { submitEmail, submitEmailOtp } from '../connectors/embedded/auth'
import { secureSlotsAtom } from '../connectors/embedded/surfaceAtoms'
import { setOptions } from '../core/options/options'
import { currentRouteAtom } from '../core/router/atoms'
import { connectionAtom } from '../core/session/active'
import { createMemoryStorage } from '../core/storage/safeStorage'
import { onHostConnected } from '../host/connection'
import { createWidgetMethods } from '../host/widgetMethods'
import { createFakeFrame, frameAccount, FRAME_EMAIL, LOGIN_CODE, type FakeFrame } from './fakeFrame'
import { createFakeHost, createTestContext, flush } from './fakeHost'

const ME = frameAccount.address
export const GWEI = 1_000_000_000n

/** The api's RPC proxy in front of a chain: records every call; a test may hold one back. */
export function fakeNode() {
  const calls: { chainId: string; method: string; params: unknown }[] = []
  const held = new Map<string, Promise<void>>()
  const answer = (method: string, params: unknown): unknown => {
    switch (method) {
      case 'eth_getBalance':
        return '0xde0b6b3a7640000'
      case 'eth_getTransactionCount':
        return '0x3'
      case 'eth_estimateGas':
        return toHex(21_000n)
      case 'eth_getBlockByNumber':
        return { number: '0x10', baseFeePerGas: toHex(GWEI) }
      case 'eth_maxPriorityFeePerGas':
        return toHex(GWEI)
      case 'eth_sendRawTransaction':
        return keccak256((params as Hex[])[0]!)
    }
    throw new Error(`unexpected ${method}`)
  }
  // The API's relay (/v1/relay/{chainId}): what it answers eth_getUserOperationReceipt, or a JSON-RPC error.
  const relay = {
    calls: [] as { chainId: string; projectId: string | null; method: string; params: unknown }[],
    answer: { result: null } as { result: unknown } | { error: { code: number; message: string } },
  }
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown }
    const json = (answered: object) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...answered }), { headers: { 'content-type': 'application/json' } })
    if (url.pathname.startsWith('/v1/relay/')) {
      const chainId = url.pathname.slice('/v1/relay/'.length)
      relay.calls.push({ chainId, projectId: url.searchParams.get('projectId'), method: body.method, params: body.params })
      return json(relay.answer)
    }
    calls.push({ chainId: url.searchParams.get('chainId')!, method: body.method, params: body.params })
    await held.get(body.method)
    return json({ result: answer(body.method, body.params) })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, held, relay }
}

/**
 * The embedded wallet signed in by email on the devnet chains, its requests made as the dapp makes
 * them. `smart`: the frame's smart-account networks; the login then prefers the smart account there (SPEC section 5).
 */
export async function connectedEmbedded({ smart = [] as number[] } = {}) {
  const host = createFakeHost({ connectors: [] })
  const frame = createFakeFrame()
  frame.methods.getSmartAccountEnabledNetworks = () => ({ smartAccountEnabledNetworks: smart })
  frame.methods.setPreferredAccount = ({ type }) => ({ type, address: ME })
  const node = fakeNode()
  const ctx = createTestContext(host, { storage: createMemoryStorage(), frame: frame.factory, fetch: node.fetch })
  onHostConnected(ctx, host.api)
  await flush()
  setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337', 'eip155:31338'] })
  await submitEmail(ctx, FRAME_EMAIL)
  await submitEmailOtp(ctx, LOGIN_CODE)
  expect(ctx.store.get(connectionAtom).status).toBe('connected')
  // These tests render no views: the ApproveTransaction view's slot is taken as drawn.
  ctx.store.set(secureSlotsAtom, 1)
  frame.calls.length = 0
  host.events.length = 0
  const { request } = createWidgetMethods(ctx)
  const call = (method: string, params?: unknown) => request({ namespace: 'eip155', method, params }) as Promise<unknown>
  return { ctx, host, frame, node, call }
}

type Ctx = Awaited<ReturnType<typeof connectedEmbedded>>['ctx']

/** Waits for the next request to be shown by the frame (over the ApproveTransaction view), then answers it there as the user. */
export async function answerInFrame(ctx: Ctx, frame: FakeFrame, approved: boolean) {
  await vi.waitFor(() => expect(frame.confirmations).toHaveLength(1))
  const [pending] = ctx.store.get(approvalQueueAtom)
  expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ApproveTransaction', params: { requestId: pending!.id } })
  const [confirmation] = frame.confirmations
  expect(confirmation!.request.id).toBe(pending!.id)
  confirmation!.answer(approved)
  return pending!
}
