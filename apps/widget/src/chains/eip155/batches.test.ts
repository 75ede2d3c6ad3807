import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BatchMessage, CAPABILITIES_TIMEOUT_MS, eip155Batches } from './batches'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ID = `0x${'ef'.repeat(32)}`
const status = (code: number) => ({ version: '2.0.0', id: ID, chainId: '0x7a69', status: code, atomic: true })

afterEach(() => vi.useRealTimers())

describe('eip155 batches: whether the wallet runs calls atomically', () => {
  it.each([
    ['ready (the first batch upgrades the account)', { '0x7a69': { atomic: { status: 'ready' } } }, true],
    ['supported', { '0x7a69': { atomic: { status: 'supported' } } }, true],
    ['said of every chain (0x0)', { '0x0': { atomic: { status: 'supported' } } }, true],
    ['unsupported', { '0x7a69': { atomic: { status: 'unsupported' } } }, false],
    ['about another chain only', { '0x1': { atomic: { status: 'supported' } } }, false],
    ['silent on atomic', { '0x7a69': { paymasterService: { supported: true } } }, false],
    ['a malformed answer', { '0x7a69': { atomic: { status: 'sometimes' } } }, false],
    ['no answer (null)', null, false],
  ])('%s', async (_, answer, atomic) => {
    const send = vi.fn(async () => answer)
    expect(await eip155Batches.atomic(send, ME, 'eip155:31337')).toBe(atomic)
    expect(send).toHaveBeenCalledWith('wallet_getCapabilities', [ME, ['0x7a69']])
  })

  it('a wallet without the method, or one that does not answer in time, has no batches', async () => {
    const refusing = async () => {
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, 'Method not supported')
    }
    expect(await eip155Batches.atomic(refusing, ME, 'eip155:31337')).toBe(false)
    vi.useFakeTimers()
    const silent = eip155Batches.atomic(() => new Promise(() => {}), ME, 'eip155:31337')
    await vi.advanceTimersByTimeAsync(CAPABILITIES_TIMEOUT_MS)
    expect(await silent).toBe(false)
  })
})

describe('eip155 batches: sending and waiting', () => {
  it('sends the calls as one atomic EIP-5792 batch on the hex chain id; answers its id', async () => {
    const send = vi.fn(async () => ({ id: ID }))
    const calls = [
      { to: '0x0000000000000000000000000000000000000001', data: '0x095ea7b3', value: 0n },
      { to: '0x0000000000000000000000000000000000000002', data: '0x', value: 5n },
    ]
    expect(await eip155Batches.send(send, { from: ME, caipNetworkId: 'eip155:31337', calls })).toBe(ID)
    expect(send).toHaveBeenCalledWith('wallet_sendCalls', [
      {
        version: '2.0.0',
        from: ME,
        chainId: '0x7a69',
        atomicRequired: true,
        calls: [
          { to: calls[0]!.to, data: '0x095ea7b3', value: '0x0' },
          { to: calls[1]!.to, value: '0x5' },
        ],
      },
    ])
  })

  it('a malformed id from the wallet is refused', async () => {
    await expect(eip155Batches.send(async () => ({ id: '' }), { from: ME, caipNetworkId: 'eip155:31337', calls: [] })).rejects.toThrow(
      BatchMessage.malformedId,
    )
  })

  it('waits while pending (100): 200 is success, 500 and 400 are failed, 600 says some calls may have landed', async () => {
    const answers = [status(100), status(200)]
    const send = vi.fn(async () => answers.shift())
    expect(await eip155Batches.wait(send, ID, { intervalMs: 1 })).toBe('success')
    expect(send).toHaveBeenCalledTimes(2)
    expect(send).toHaveBeenCalledWith('wallet_getCallsStatus', [ID])
    expect(await eip155Batches.wait(async () => status(500), ID)).toBe('failed')
    expect(await eip155Batches.wait(async () => status(400), ID)).toBe('failed')
    await expect(eip155Batches.wait(async () => status(600), ID)).rejects.toThrow(BatchMessage.partial(ID))
  })

  it('a malformed status, or none final in time, throws', async () => {
    await expect(eip155Batches.wait(async () => ({ status: 'done' }), ID)).rejects.toThrow(BatchMessage.malformedStatus)
    await expect(eip155Batches.wait(async () => status(100), ID, { timeoutMs: 0 })).rejects.toThrow(BatchMessage.notFinal(ID))
  })
})
