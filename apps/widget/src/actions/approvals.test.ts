// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { approvalQueueAtom, shownApprovalAtom } from '../stores/approvals'
import { connectionAtom } from '../stores/connection'
import { openAtom } from '../stores/modal'
import { routerAtom } from '../stores/router'
import { createFakeHost, createTestContext, TEST_ADDRESS, TEST_CONFIG } from '../testing/fakeHost'
import { MAX_PENDING_APPROVALS, rejectAllApprovals, requestApproval, settleApproval, type ApprovalRequest } from './approvals'
import { closeModal, openModal } from './modal'
import { goBack } from './navigation'

const sign = (text: string): ApprovalRequest => ({
  method: 'personal_sign',
  params: [`0x${Buffer.from(text).toString('hex')}`, TEST_ADDRESS],
  chainId: 31337,
  from: TEST_ADDRESS,
})

function setup(options: { open?: boolean } = {}) {
  const host = createFakeHost()
  const ctx = createTestContext(host)
  ctx.store.set(connectionAtom, { status: 'connected', address: TEST_ADDRESS, chainId: 31337, connectorId: 'ID_AUTH' })
  if (options.open) openModal(ctx)
  const stack = () =>
    ctx.store.get(routerAtom).stack.map((r) => (r.name === 'ApproveTransaction' ? `Approve:${r.params.requestId}` : r.name))
  const shownId = () => ctx.store.get(shownApprovalAtom)?.id
  return { ctx, host, stack, shownId }
}

/** Records how each promise settled, in order. */
function track(promise: Promise<boolean>, label: string, log: string[]) {
  void promise.then((approved) => log.push(`${label}:${approved}`))
  return promise
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('requestApproval', () => {
  it('opens a closed modal on Account, shows the request and resolves true on approve', async () => {
    const { ctx, host, stack, shownId } = setup()
    expect(ctx.store.get(openAtom)).toBe(false)
    const answer = requestApproval(ctx, sign('hello'))
    expect(ctx.store.get(openAtom)).toBe(true)
    expect(host.api.setVisible).toHaveBeenCalledWith({ visible: true })
    const id = shownId()!
    expect(stack()).toEqual(['Account', `Approve:${id}`])
    expect(ctx.store.get(approvalQueueAtom)[0]).toMatchObject({ id, origin: TEST_CONFIG.parentOrigin, request: sign('hello') })
    settleApproval(ctx, id, true)
    await expect(answer).resolves.toBe(true)
    expect(stack()).toEqual(['Account'])
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(ctx.store.get(openAtom)).toBe(true)
  })

  it('resolves false on reject', async () => {
    const { ctx, shownId, stack } = setup({ open: true })
    const answer = requestApproval(ctx, sign('no'))
    settleApproval(ctx, shownId()!, false)
    await expect(answer).resolves.toBe(false)
    expect(stack()).toEqual(['Account'])
  })

  it('shows one request at a time, in order, then returns to the view before', async () => {
    const { ctx, stack, shownId } = setup({ open: true })
    ctx.store.set(routerAtom, { stack: [{ name: 'Account' }, { name: 'Networks' }], direction: 'none' })
    const log: string[] = []
    const first = track(requestApproval(ctx, sign('one')), 'one', log)
    const second = track(requestApproval(ctx, sign('two')), 'two', log)
    const third = track(requestApproval(ctx, sign('three')), 'three', log)
    const [a, b, c] = ctx.store.get(approvalQueueAtom).map((x) => x.id)
    expect(stack()).toEqual(['Account', 'Networks', `Approve:${a}`])

    settleApproval(ctx, a!, false)
    await first
    expect(shownId()).toBe(b)
    expect(stack()).toEqual(['Account', 'Networks', `Approve:${b}`])
    settleApproval(ctx, b!, true)
    await second
    expect(stack()).toEqual(['Account', 'Networks', `Approve:${c}`])
    settleApproval(ctx, c!, true)
    await third
    expect(stack()).toEqual(['Account', 'Networks'])
    expect(log).toEqual(['one:false', 'two:true', 'three:true'])
  })

  it('closing the modal rejects the shown and the waiting requests', async () => {
    const { ctx, stack } = setup({ open: true })
    const answers = [requestApproval(ctx, sign('a')), requestApproval(ctx, sign('b'))]
    closeModal(ctx)
    await expect(Promise.all(answers)).resolves.toEqual([false, false])
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(stack()).toEqual(['Account'])
    // A request after the close opens the modal again.
    const again = requestApproval(ctx, sign('c'))
    expect(ctx.store.get(openAtom)).toBe(true)
    rejectAllApprovals(ctx)
    await expect(again).resolves.toBe(false)
  })

  it('going back rejects the shown request and shows the next', async () => {
    const { ctx, stack, shownId } = setup({ open: true })
    const first = requestApproval(ctx, sign('a'))
    const second = requestApproval(ctx, sign('b'))
    const [, b] = ctx.store.get(approvalQueueAtom).map((x) => x.id)
    goBack(ctx)
    await expect(first).resolves.toBe(false)
    expect(shownId()).toBe(b)
    expect(stack()).toEqual(['Account', `Approve:${b}`])
    settleApproval(ctx, b!, true)
    await expect(second).resolves.toBe(true)
  })

  it('the dapp opening another view replaces the request: it is rejected', async () => {
    const { ctx, stack } = setup({ open: true })
    const answer = requestApproval(ctx, sign('a'))
    openModal(ctx, 'Networks')
    await expect(answer).resolves.toBe(false)
    expect(stack()).toEqual(['Networks'])
  })

  it('a disconnect rejects everything', async () => {
    const { ctx } = setup({ open: true })
    const answers = [requestApproval(ctx, sign('a')), requestApproval(ctx, sign('b'))]
    ctx.store.set(connectionAtom, { status: 'disconnected' })
    await expect(Promise.all(answers)).resolves.toEqual([false, false])
  })

  it('settles a waiting request on its own without touching the shown one', async () => {
    const { ctx, shownId } = setup({ open: true })
    const log: string[] = []
    track(requestApproval(ctx, sign('a')), 'a', log)
    track(requestApproval(ctx, sign('b')), 'b', log)
    const [a, b] = ctx.store.get(approvalQueueAtom).map((x) => x.id)
    settleApproval(ctx, b!, false)
    settleApproval(ctx, 'unknown', true)
    await flush()
    expect(log).toEqual(['b:false'])
    expect(shownId()).toBe(a)
    // A second answer to the same request changes nothing.
    settleApproval(ctx, a!, true)
    settleApproval(ctx, a!, false)
    await flush()
    expect(log).toEqual(['b:false', 'a:true'])
  })

  it(`refuses at once beyond ${MAX_PENDING_APPROVALS} waiting requests`, async () => {
    const { ctx } = setup({ open: true })
    for (let i = 0; i < MAX_PENDING_APPROVALS; i++) void requestApproval(ctx, sign(String(i)))
    await expect(requestApproval(ctx, sign('too many'))).resolves.toBe(false)
    expect(ctx.store.get(approvalQueueAtom)).toHaveLength(MAX_PENDING_APPROVALS)
    rejectAllApprovals(ctx)
  })
})
