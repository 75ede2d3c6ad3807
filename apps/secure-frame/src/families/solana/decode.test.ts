import { solanaLocalnet } from '@airlock/chains'
import { base58 } from '@scure/base'
import { getAssignInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { AccountRole, address, createNoopSigner, type Address, type Instruction } from '@solana/kit'
import { beforeAll, describe, expect, it } from 'vitest'
import { wireTransaction } from '../../testing/solanaTransactions'
import { decodeRequest, isApprovable, type DecodedRequest, loadView } from '../views'
import type { DecodedSolanaTransaction } from './decode'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView('solana:'))

const CLUSTER = solanaLocalnet.caipNetworkId as `solana:${string}`
const ME = address('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
const OTHER = address('AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD')
const THIRD = address('CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k')
const USDC = address('7pNMNCN2nC16Fvq2bL93ZstV5JfkJsS3Xom4unBCSACw')
const UNKNOWN_MINT = address('9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp')
const ME_USDC = address('6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp')
const OTHER_USDC = address('7EeV8eiRuGoR8bFHCjdCRGQd1RM5sR2dAkdiTEtC9ko7')
const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111')
const me = createNoopSigner(ME)

const wire = (instructions: readonly Instruction[], options: Partial<Parameters<typeof wireTransaction>[1]> = {}) =>
  wireTransaction(instructions, { feePayer: ME, ...options })

const request = (method: string, params: unknown, chainId: `solana:${string}` = CLUSTER) => ({
  method,
  params,
  chainId,
  from: ME as string,
})

function transactionOf(decoded: DecodedRequest): DecodedSolanaTransaction {
  expect(decoded.kind, decoded.kind === 'invalid' ? decoded.error : undefined).toBe('solanaTransaction')
  return (decoded as Extract<DecodedRequest, { kind: 'solanaTransaction' }>).transaction
}
const decodeTransaction = (transaction: string, method = 'solana_signAndSendTransaction') => {
  const decoded = decodeRequest(request(method, { transaction }))
  return { decoded, transaction: transactionOf(decoded) }
}

const computeUnitLimit = (units: number): Instruction => {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return { programAddress: COMPUTE_BUDGET, data }
}
const computeUnitPrice = (microLamports: bigint): Instruction => {
  const data = new Uint8Array(9)
  data[0] = 3
  new DataView(data.buffer).setBigUint64(1, microLamports, true)
  return { programAddress: COMPUTE_BUDGET, data }
}

describe('solana_signMessage', () => {
  it('shows UTF-8 as text and other bytes as hex, with the account and the cluster', () => {
    const text = decodeRequest(
      request('solana_signMessage', { message: base58.encode(new TextEncoder().encode('Sign in\nNonce: 7 ✓')), pubkey: ME }),
    )
    expect(text).toMatchObject({ kind: 'message', address: ME, message: { format: 'text', display: 'Sign in\nNonce: 7 ✓' }, warnings: [] })
    expect(text.network).toMatchObject({ chainId: CLUSTER, name: 'Airlock Solana Devnet', native: { symbol: 'SOL', decimals: 9 } })
    const binary = decodeRequest(request('solana_signMessage', { message: base58.encode(new Uint8Array([0, 255, 1, 2])), pubkey: ME }))
    expect(binary).toMatchObject({ kind: 'message', message: { format: 'hex', display: '0x00ff0102', byteLength: 4 } })
  })

  it('warns about another account, and is invalid (reject only) without a base58 message', () => {
    expect(decodeRequest(request('solana_signMessage', { message: '3yZe7d', pubkey: OTHER })).warnings[0]).toContain(OTHER)
    expect(decodeRequest(request('solana_signMessage', { message: '0OIl', pubkey: ME })).kind).toBe('invalid')
    expect(decodeRequest(request('solana_signMessage', { pubkey: ME })).kind).toBe('invalid')
  })
})

describe('Solana transactions', () => {
  it('a SOL transfer: the amount in SOL (9 decimals), the recipient, the fee payer and the network fee', () => {
    const { decoded, transaction } = decodeTransaction(
      wire([getTransferSolInstruction({ source: me, destination: OTHER, amount: 1_500_000_001n })]),
    )
    expect(decoded.warnings).toEqual([])
    expect(isApprovable(decoded)).toBe(true)
    expect(transaction).toMatchObject({ version: 0, feePayer: ME, otherSigners: [], feeText: '0.000005 SOL', feeIsMax: false })
    expect(transaction.instructions).toEqual([
      {
        kind: 'solTransfer',
        lamports: 1_500_000_001n,
        amountText: '1.500000001 SOL',
        from: { label: ME, address: ME },
        to: { label: OTHER, address: OTHER },
      },
    ])
    expect(transactionOf(decodeRequest(request('solana_signTransaction', { transaction: wire([], { version: 'legacy' }) }))).version).toBe(
      'legacy',
    )
  })

  it('SPL Token transfers: transferChecked in the mint’s units (its symbol when known), a plain transfer in base units', () => {
    const checked = (mint: Address) =>
      getTransferCheckedInstruction({ source: ME_USDC, mint, destination: OTHER_USDC, authority: me, amount: 7_500_000n, decimals: 6 })
    const { transaction } = decodeTransaction(
      wire([
        checked(USDC),
        checked(UNKNOWN_MINT),
        getTransferInstruction({ source: ME_USDC, destination: OTHER_USDC, authority: me, amount: 7_500_000n }),
      ]),
    )
    const [known, unknown, plain] = transaction.instructions
    expect(known).toMatchObject({
      kind: 'tokenTransfer',
      programName: 'Token Program',
      amountText: '7.5 USDC',
      decimals: 6,
      mint: { address: USDC },
      source: { address: ME_USDC },
      destination: { address: OTHER_USDC },
      authority: { address: ME },
    })
    expect(unknown).toMatchObject({ kind: 'tokenTransfer', amountText: '7.5', mint: { address: UNKNOWN_MINT } })
    expect(plain).toMatchObject({ kind: 'tokenTransfer', amountText: '7,500,000 base units', mint: undefined, decimals: undefined })
    // The symbol is per cluster: the devnet's USDC mint means nothing on mainnet.
    const mainnet = transactionOf(
      decodeRequest(request('solana_signTransaction', { transaction: wire([checked(USDC)]) }, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')),
    )
    expect(mainnet.instructions[0]).toMatchObject({ amountText: '7.5' })
  })

  it('an associated token account made for someone (idempotent, and the older form without data)', () => {
    const create = getCreateAssociatedTokenIdempotentInstruction({ payer: me, ata: OTHER_USDC, owner: OTHER, mint: USDC })
    const legacy: Instruction = { ...create, data: new Uint8Array() }
    const { transaction, decoded } = decodeTransaction(wire([create, legacy]))
    expect(decoded.warnings).toEqual([])
    expect(transaction.instructions).toMatchObject([
      {
        kind: 'createTokenAccount',
        idempotent: true,
        owner: { address: OTHER },
        mint: { address: USDC },
        payer: { address: ME },
        account: { address: OTHER_USDC },
      },
      { kind: 'createTokenAccount', idempotent: false, owner: { address: OTHER } },
    ])
  })

  it('the compute budget: the limit, the priority fee, and the network fee they make', () => {
    const transfer = getTransferSolInstruction({ source: me, destination: OTHER, amount: 1n })
    const set = decodeTransaction(wire([computeUnitLimit(300_000), computeUnitPrice(10_000n), transfer])).transaction
    expect(set.instructions.slice(0, 2)).toEqual([
      { kind: 'computeUnitLimit', units: 300_000 },
      { kind: 'computeUnitPrice', microLamports: 10_000n, priceText: '10,000 micro-lamports per compute unit' },
    ])
    // 5,000 for the signature + 10,000 micro-lamports x 300,000 units = 3,000 lamports.
    expect(set).toMatchObject({ feeText: '0.000008 SOL', feeIsMax: false })
    // Without a limit, the priority fee is a bound: at most 200,000 units for the one other instruction.
    expect(decodeTransaction(wire([computeUnitPrice(10_000n), transfer])).transaction).toMatchObject({
      feeText: '0.000007 SOL',
      feeIsMax: true,
    })
  })

  it('lists what it cannot read by program (and instruction name where the program is known), with a warning each', () => {
    const unknown: Instruction = {
      programAddress: THIRD,
      accounts: [{ address: ME, role: AccountRole.WRITABLE_SIGNER }],
      data: new Uint8Array([1, 2, 3]),
    }
    const { decoded, transaction } = decodeTransaction(wire([unknown, getAssignInstruction({ account: me, programAddress: THIRD })]))
    expect(transaction.instructions).toEqual([
      {
        kind: 'other',
        programId: THIRD,
        programName: undefined,
        instructionName: undefined,
        accounts: [{ label: ME, address: ME }],
        dataLength: 3,
      },
      expect.objectContaining({
        kind: 'other',
        programId: '11111111111111111111111111111111',
        programName: 'System Program',
        instructionName: 'Assign',
      }),
    ])
    expect(decoded.warnings).toEqual([
      `Instruction 1 (program ${THIRD}) is not one this wallet can show: approve only if you trust this site.`,
      'Instruction 2 (System Program: Assign) is not one this wallet can show: approve only if you trust this site.',
    ])
    expect(isApprovable(decoded)).toBe(true)
  })

  it('an instruction of a known program whose data does not fit its layout is not decoded, not misread', () => {
    const short: Instruction = {
      programAddress: TOKEN_PROGRAM_ADDRESS,
      accounts: [{ address: ME, role: AccountRole.WRITABLE }],
      data: new Uint8Array([12, 1]),
    }
    const garbled: Instruction = { programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, data: new Uint8Array([7]) }
    const { transaction } = decodeTransaction(wire([short, garbled]))
    expect(transaction.instructions.map((instruction) => instruction.kind)).toEqual(['other', 'other'])
  })

  it('names accounts from address lookup tables by table and position (v0), and says so', () => {
    const table = address('5mCGtMUD21HEvWJxKGKS6HEAH7ezzy12MWGs4bPgcJwV')
    const { decoded, transaction } = decodeTransaction(
      wire([getTransferSolInstruction({ source: me, destination: OTHER, amount: 5n })], { lookups: { [table]: [THIRD, OTHER] } }),
    )
    expect(transaction.lookedUpAccounts).toBe(1)
    expect(transaction.instructions[0]).toMatchObject({ kind: 'solTransfer', to: { label: `${table} #1`, address: undefined } })
    expect(decoded.warnings).toEqual([
      '1 account come from address lookup tables this wallet cannot read: they are shown by table and position.',
    ])
  })

  it('shows who else must sign, and warns when this wallet is not a signer at all', () => {
    const partial = decodeTransaction(
      wire([getTransferSolInstruction({ source: me, destination: THIRD, amount: 5n })], { feePayer: OTHER }),
    )
    expect(partial.transaction).toMatchObject({ feePayer: OTHER, otherSigners: [OTHER] })
    expect(partial.decoded.warnings).toEqual([])
    const foreign = decodeTransaction(
      wire([getTransferSolInstruction({ source: createNoopSigner(OTHER), destination: THIRD, amount: 5n })], { feePayer: OTHER }),
    )
    expect(foreign.decoded.warnings).toEqual([`This transaction does not need your account ${ME} to sign it.`])
  })

  it('is invalid (reject only) for what does not deserialize, and names an unknown cluster by its reference', () => {
    for (const transaction of ['AAAA', Buffer.from('hello').toString('base64'), '!!', undefined]) {
      const decoded = decodeRequest(request('solana_signTransaction', { transaction }))
      expect(decoded.kind, String(transaction)).toBe('invalid')
      expect(isApprovable(decoded)).toBe(false)
    }
    const elsewhere = decodeRequest(
      request('solana_signMessage', { message: '3yZe7d', pubkey: ME }, 'solana:11111111111111111111111111111111'),
    )
    expect(elsewhere.network.name).toBe('Solana cluster 11111111111111111111111111111111')
  })
})
