import { describe, expect, it } from 'vitest'
import { approvalQueueAtom, shownApprovalAtom, type PendingApproval } from './approvalAtoms'
import { createStore } from '../../core/store'

const approval = (id: string): PendingApproval => ({
  id,
  request: {
    method: 'personal_sign',
    params: ['0x68690a', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    caipNetworkId: 'eip155:1',
    from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  },
  origin: 'http://dapp.localhost:4400',
  createdAt: 0,
})

describe('approvals store', () => {
  it('starts empty; the shown approval is the oldest waiting one', () => {
    const store = createStore()
    expect(store.get(approvalQueueAtom)).toEqual([])
    expect(store.get(shownApprovalAtom)).toBeUndefined()
    store.set(approvalQueueAtom, [approval('a'), approval('b')])
    expect(store.get(shownApprovalAtom)?.id).toBe('a')
    store.set(approvalQueueAtom, [approval('b')])
    expect(store.get(shownApprovalAtom)?.id).toBe('b')
  })
})
