// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { approvalQueueAtom, shownApprovalAtom } from './approvalAtoms'
import { openAtom } from '../../core/modal/atoms'
import { routerAtom } from '../../core/router/atoms'
import { createFakeHost, createTestContext, TEST_ADDRESS, TEST_CONFIG } from '../../testing/fakeHost'
import { FrameErrorMessage, RpcErrorCode } from '@airlock/protocol'
import { MAX_PENDING_APPROVALS, rejectAllApprovals, requestApproval, type ApprovalRequest, type PendingApproval } from './approvals'
import { closeModal, openModal } from '../../core/modal/modal'
import { goBack } from '../../core/router/navigation'
import { connectEvm, clearSession } from '../../testing/session'

const sign = (text: string): ApprovalRequest => ({
  method: 'personal_sign',
  params: [`0x${Buffer.from(text).toString('hex')}`, TEST_ADDRESS],
  caipNetworkId: 'eip155:31337',
  from: TEST_ADDRESS,
})

function setup(options: { open?: boolean } = {}) {
  const host = createFakeHost()
  const ctx = createTestContext(host)
  connectEvm(ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: 'ID_AUTH' })
  if (options.open) openModal(ctx)
  const stack = () =>
    ctx.store.get(routerAtom).stack.map((r) => (r.name === 'ApproveTransaction' ? `Approve:${r.params.requestId}` : r.name))
  const shownId = () => ctx.store.get(shownApprovalAtom)?.id
  return { ctx, host, stack, shownId }
}

/**
 * The turns the queue starts (in the widget: asking the secure frame), played by the test: each
 * records its approval and abort signal, and settles when the test says (the frame's answer).
 */
function turns() {
  const started: { approval: PendingApproval; signal: AbortSignal; resolve: (value: string) => void; reject: (error: Error) => void }[] = []
  const ask = (ctx: Parameters<typeof requestApproval>[0], request: ApprovalRequest) =>
    requestApproval(
      ctx,
      request,
      (approval, signal) => new Promise<string>((resolve, reject) => started.push({ approval, signal, resolve, reject })),
    )
  return { ask, started, turnOf: (id: string) => started.find((t) => t.approval.id === id) }
}

/** Records how each promise settled, in order. */
function track(promise: Promise<string>, label: string, log: string[]) {
  promise.then(
    (value) => log.push(`${label}:${value}`),
    (error: { message: string }) => log.push(`${label}:${error.message}`),
  )
  return promise
}

const aborted = { code: RpcErrorCode.UserRejected, message: FrameErrorMessage.RpcAborted }
const rejected = { code: RpcErrorCode.UserRejected, message: 'User rejected the request.' }

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('requestApproval', () => {
  it("opens a closed modal on Account, shows the request, starts its turn and answers the turn's result", async () => {
    const { ctx, host, stack, shownId } = setup()
    const { ask, started } = turns()
    expect(ctx.store.get(openAtom)).toBe(false)
    const answer = ask(ctx, sign('hello'))
    expect(ctx.store.get(openAtom)).toBe(true)
    expect(host.api.setVisible).toHaveBeenCalledWith({ visible: true })
    const id = shownId()!
    expect(stack()).toEqual(['Account', `Approve:${id}`])
    expect(ctx.store.get(approvalQueueAtom)[0]).toMatchObject({ id, origin: TEST_CONFIG.parentOrigin, request: sign('hello') })
    expect(started.map((t) => t.approval.id)).toEqual([id])
    started[0]!.resolve('0xsigned')
    await expect(answer).resolves.toBe('0xsigned')
    expect(stack()).toEqual(['Account'])
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(ctx.store.get(openAtom)).toBe(true)
  })

  it("answers the turn's error (Reject in the frame)", async () => {
    const { ctx, stack } = setup({ open: true })
    const { ask, started } = turns()
    const answer = ask(ctx, sign('no'))
    started[0]!.reject(new Error('User rejected the request.'))
    await expect(answer).rejects.toThrow('User rejected the request.')
    expect(stack()).toEqual(['Account'])
  })

  it('runs one turn at a time, in order, then returns to the view before', async () => {
    const { ctx, stack, shownId } = setup({ open: true })
    const { ask, started, turnOf } = turns()
    ctx.store.set(routerAtom, { stack: [{ name: 'Account' }, { name: 'Networks' }], direction: 'none' })
    const log: string[] = []
    const first = track(ask(ctx, sign('one')), 'one', log)
    const second = track(ask(ctx, sign('two')), 'two', log)
    const third = track(ask(ctx, sign('three')), 'three', log)
    const [a, b, c] = ctx.store.get(approvalQueueAtom).map((x) => x.id)
    expect(stack()).toEqual(['Account', 'Networks', `Approve:${a}`])
    expect(started).toHaveLength(1)

    turnOf(a!)!.reject(new Error('no'))
    await first.catch(() => {})
    expect(shownId()).toBe(b)
    expect(stack()).toEqual(['Account', 'Networks', `Approve:${b}`])
    turnOf(b!)!.resolve('yes')
    await second
    expect(stack()).toEqual(['Account', 'Networks', `Approve:${c}`])
    turnOf(c!)!.resolve('yes')
    await third
    expect(stack()).toEqual(['Account', 'Networks'])
    expect(log).toEqual(['one:no', 'two:yes', 'three:yes'])
  })

  it("closing the modal aborts the running turn and answers it and the waiting ones 'Request was aborted'", async () => {
    const { ctx, stack } = setup({ open: true })
    const { ask, started } = turns()
    const answers = [ask(ctx, sign('a')), ask(ctx, sign('b'))]
    closeModal(ctx)
    for (const answer of answers) await expect(answer).rejects.toMatchObject(aborted)
    expect(started).toHaveLength(1)
    expect(started[0]!.signal.aborted).toBe(true)
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(stack()).toEqual(['Account'])
    // The aborted turn's late answer changes nothing.
    started[0]!.resolve('late')
    await flush()
    // A request after the close opens the modal again.
    const again = ask(ctx, sign('c'))
    expect(ctx.store.get(openAtom)).toBe(true)
    rejectAllApprovals(ctx)
    // Withdrawn with the modal open and the wallet connected: the user's no.
    await expect(again).rejects.toMatchObject(rejected)
  })

  it("going back aborts the shown request (4001 'User rejected the request.') and runs the next", async () => {
    const { ctx, stack, shownId } = setup({ open: true })
    const { ask, started, turnOf } = turns()
    const first = ask(ctx, sign('a'))
    const second = ask(ctx, sign('b'))
    const [a, b] = ctx.store.get(approvalQueueAtom).map((x) => x.id)
    goBack(ctx)
    await expect(first).rejects.toMatchObject(rejected)
    expect(turnOf(a!)!.signal.aborted).toBe(true)
    expect(shownId()).toBe(b)
    expect(stack()).toEqual(['Account', `Approve:${b}`])
    expect(started).toHaveLength(2)
    turnOf(b!)!.resolve('yes')
    await expect(second).resolves.toBe('yes')
  })

  it('the dapp opening another view replaces the request: it is withdrawn', async () => {
    const { ctx, stack } = setup({ open: true })
    const { ask, started } = turns()
    const answer = ask(ctx, sign('a'))
    openModal(ctx, 'Networks')
    await expect(answer).rejects.toMatchObject(rejected)
    expect(started[0]!.signal.aborted).toBe(true)
    expect(stack()).toEqual(['Networks'])
  })

  it("a disconnect aborts everything ('Request was aborted')", async () => {
    const { ctx } = setup({ open: true })
    const { ask } = turns()
    const answers = [ask(ctx, sign('a')), ask(ctx, sign('b'))]
    clearSession(ctx.store)
    for (const answer of answers) await expect(answer).rejects.toMatchObject(aborted)
  })

  it(`refuses at once beyond ${MAX_PENDING_APPROVALS} waiting requests`, async () => {
    const { ctx } = setup({ open: true })
    const { ask } = turns()
    for (let i = 0; i < MAX_PENDING_APPROVALS; i++) ask(ctx, sign(String(i))).catch(() => {})
    await expect(ask(ctx, sign('too many'))).rejects.toMatchObject(rejected)
    expect(ctx.store.get(approvalQueueAtom)).toHaveLength(MAX_PENDING_APPROVALS)
    rejectAllApprovals(ctx)
  })
})
