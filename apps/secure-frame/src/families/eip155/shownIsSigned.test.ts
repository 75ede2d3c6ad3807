import { FeeMessage, formatUnits } from '@airlock/chains'
import type { FrameRpcRequest, ProviderRpcError } from '@airlock/protocol'
import { createRng, DEFAULT_FUZZ_SEED, type Rng } from '@airlock/protocol/fuzz'
import { parseTransaction, recoverTransactionAddress, type Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { groupDigits } from '../../display/amounts'
import { decodeRequest } from '../views'
import { eip155Deriver, type Eip155Account } from './derive'
import { prepareRequest } from './prepare'

/**
 * Issue 23, "one object, shown and signed": over many generated eth_sendTransaction requests (every
 * fee kind, with and without data, access lists, contract creations), what the prompt decodes from
 * the prepared request is what the signed bytes say, parsed back with viem. Requests whose fee
 * fields contradict each other are refused before anything is shown.
 */

const CHAIN = 31337
const RUNS = 300
let account: Eip155Account

beforeAll(async () => {
  const seed = await seedEntropyToBip39Seed(mnemonicToSeedEntropy('test test test test test test test test test test test junk'))
  account = eip155Deriver.derive(seed, 0)
  seed.fill(0)
})

const seed = Number(process.env.AIRLOCK_FUZZ_SEED ?? DEFAULT_FUZZ_SEED)
const quantity = (value: bigint | number) => `0x${value.toString(16)}`
const big = (rng: Rng, bits: number) => {
  let value = 0n
  for (let i = 0; i < bits; i += 16) value = (value << 16n) | BigInt(rng.int(65_536))
  return value & ((1n << BigInt(bits)) - 1n)
}
const address = (rng: Rng) => `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[rng.int(16)]).join('')}`
const bytes = (rng: Rng, length: number) => `0x${Array.from({ length: length * 2 }, () => '0123456789abcdef'[rng.int(16)]).join('')}`

/** A transaction as the widget fills it: valid fee fields of one kind, the type that goes with them. */
function generatedTransaction(rng: Rng, from: string): Record<string, unknown> {
  const kind = rng.pick(['legacy', 'eip2930', 'eip1559', 'eip1559-list'] as const)
  const tip = big(rng, 40)
  const accessList = [{ address: address(rng), storageKeys: rng.chance(0.5) ? [bytes(rng, 32)] : [] }]
  return {
    from,
    ...(rng.chance(0.9) ? { to: address(rng) } : { data: bytes(rng, 1 + rng.int(64)) }),
    ...(rng.chance(0.8) ? { value: quantity(big(rng, rng.pick([8, 64, 96]))) } : {}),
    ...(rng.chance(0.4) ? { data: bytes(rng, rng.int(200)) } : {}),
    nonce: quantity(rng.int(10_000)),
    gas: quantity(21_000 + rng.int(2_000_000)),
    ...(rng.chance(0.5) ? { chainId: quantity(CHAIN) } : {}),
    ...(kind === 'legacy' ? { type: '0x0', gasPrice: quantity(big(rng, 48)) } : {}),
    ...(kind === 'eip2930' ? { type: '0x1', gasPrice: quantity(big(rng, 48)), accessList } : {}),
    ...(kind.startsWith('eip1559') ? { type: '0x2', maxFeePerGas: quantity(tip + big(rng, 48)), maxPriorityFeePerGas: quantity(tip) } : {}),
    ...(kind === 'eip1559-list' ? { accessList } : {}),
  }
}

const request = (tx: Record<string, unknown>): FrameRpcRequest => ({ method: 'eth_sendTransaction', params: [tx] }) as FrameRpcRequest

describe('what the prompt shows is what is signed', () => {
  it(`holds for ${RUNS} generated transactions (seed ${seed})`, async () => {
    const rng = createRng(seed).fork('shown-is-signed')
    for (let run = 0; run < RUNS; run++) {
      const tx = generatedTransaction(rng, account.address)
      const prepared = prepareRequest(account, request(tx), CHAIN)
      const decoded = decodeRequest({ method: prepared.method, params: prepared.params, chainId: CHAIN, from: account.address })
      if (decoded.kind !== 'transaction') throw new Error(`run ${run}: not shown as a transaction: ${JSON.stringify(decoded)}`)
      const raw = (await prepared.sign()) as Hex
      const serializedTransaction = raw as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction']
      const signed = parseTransaction(serializedTransaction)
      const shown = (prepared.params as [Record<string, string>])[0]
      const context = `run ${run}: ${JSON.stringify(tx)}`
      expect(await recoverTransactionAddress({ serializedTransaction }), context).toBe(account.address)
      expect(signed.chainId, context).toBe(CHAIN)
      expect(signed.to?.toLowerCase(), context).toBe(decoded.transaction.to?.toLowerCase())
      expect(signed.value ?? 0n, context).toBe(decoded.transaction.value)
      expect(String(signed.nonce ?? 0), context).toBe(decoded.transaction.nonce)
      expect(String(signed.gas), context).toBe(decoded.transaction.gas)
      expect(signed.data ?? '0x', context).toBe(shown.data ?? '0x')
      expect({ eip1559: '0x2', eip2930: '0x1', legacy: '0x0' }[signed.type as string], context).toBe(shown.type)
      const feePerGas = signed.type === 'eip1559' ? signed.maxFeePerGas! : signed.gasPrice!
      expect(decoded.transaction.maxFeeText, context).toBe(`${groupDigits(formatUnits(signed.gas! * feePerGas, 18))} ETH`)
      if (signed.type === 'eip1559') expect(quantity(signed.maxPriorityFeePerGas!), context).toBe(shown.maxPriorityFeePerGas)
      expect('accessList' in signed ? signed.accessList : [], context).toEqual(shown.accessList ?? [])
    }
  })

  it('refuses contradictory fee fields before anything is shown', () => {
    const base = { from: account.address, to: account.address, nonce: '0x0', gas: '0x5208' }
    const refused = (tx: Record<string, unknown>) => {
      try {
        prepareRequest(account, request({ ...base, ...tx }), CHAIN)
      } catch (error) {
        return { code: (error as ProviderRpcError).code, message: (error as Error).message }
      }
      return undefined
    }
    // Shown as a 0.000021 ETH fee, it would have signed 1.05 ETH of fees at the gas price.
    expect(refused({ maxFeePerGas: '0x3b9aca00', gasPrice: '0x2d79883d2000' })).toEqual({ code: -32602, message: FeeMessage.mixed })
    expect(refused({ maxPriorityFeePerGas: '0x1', gasPrice: '0x1' })).toEqual({ code: -32602, message: FeeMessage.mixed })
    expect(refused({ maxFeePerGas: '0x10' })).toEqual({ code: -32602, message: FeeMessage.halfEip1559 })
    expect(refused({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })).toEqual({ code: -32602, message: FeeMessage.tipAboveCap })
    expect(refused({ type: '0x2', gasPrice: '0x1' })).toEqual({ code: -32602, message: FeeMessage.typeMismatch('0x2', '0x0') })
    expect(refused({ type: '0x0', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' })).toEqual({
      code: -32602,
      message: FeeMessage.typeMismatch('0x0', '0x2'),
    })
    expect(refused({})).toEqual({ code: -32602, message: FeeMessage.none })
  })
})
