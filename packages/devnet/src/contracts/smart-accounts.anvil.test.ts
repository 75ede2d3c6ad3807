import {
  buildUserOperation,
  decodeExecute,
  delegatedUserOperationTypedData,
  delegationHash,
  delegationManagerAbi,
  encodeDisableDelegation,
  encodeExecution,
  encodePermissionContext,
  EXECUTION_MODE,
  encodeHandleOps,
  encodeRedeemDelegations,
  erc20PeriodTransferTerms,
  allowedCalldataTerms,
  isDelegatedTo,
  packUserOperation,
  ROOT_AUTHORITY,
  signAuthorizationWithChainId,
  signDelegatedUserOperation,
  signDelegation,
  signPaymasterData,
  timestampTerms,
  type Call,
  type Delegation,
  type UserOperation08,
} from '@airlock/chains/eip155'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  hashMessage,
  http,
  keccak256,
  pad,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseUnits,
  toBytes,
  type Address,
  type Hex,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../devnet'
import { uniswapV2RouterAbi } from './abis'
import { DEVNET_CONTRACTS, DEVNET_PAYMASTER_SIGNER, DEVNET_RELAYER, DEVNET_TREASURY } from './addresses'

// Ports reserved for this file (helper range 19400-19499).
const PORT = 19400
const OTHER_PORT = 19401
const CHAIN_ID = 31337
const C = DEVNET_CONTRACTS
const chain = defineChain({
  id: CHAIN_ID,
  name: 'devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${PORT}`] } },
})
const key = (seed: string): Hex => keccak256(toBytes(`airlock smart-account test ${seed}`))
// Fresh keys: no ETH, no history.
const eoa = privateKeyToAccount(key('eoa'))
const sessionKey = privateKeyToAccount(key('session'))
const stranger = privateKeyToAccount(key('stranger'))
const recipient: Address = '0x000000000000000000000000000000000000dEaD'
const other: Address = '0x000000000000000000000000000000000000bEEF'
const relayer = privateKeyToAccount(DEVNET_RELAYER.privateKey)
const paymasterSigner = privateKeyToAccount(DEVNET_PAYMASTER_SIGNER.privateKey)
const usdc = (amount: string) => parseUnits(amount, 6)
const erc1271Abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'])

describe('smart accounts on the devnet: EIP-7702 to the EIP7702StatelessDeleGator, EntryPoint v0.8, AirlockPaymaster', () => {
  let devnet: Devnet
  const client = createPublicClient({ chain, transport: http(), pollingInterval: 10, cacheTime: 0 })
  const walletOf = (account: typeof eoa) => createWalletClient({ account, chain, transport: http() })
  const timings: Record<string, number> = {}
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const result = await run()
    timings[name] = Math.round(performance.now() - started)
    return result
  }
  const mined = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 10 })
    expect(receipt.status).toBe('success')
    return receipt
  }
  const balance = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const now = async () => Number((await client.getBlock()).timestamp)

  /** A user operation from the EOA running `calls`, sponsored (signed by `sponsorKey`) and signed by the EOA. */
  const userOperation = async (calls: Call[], sponsor: { signer?: typeof eoa; validUntil?: number } = {}): Promise<UserOperation08> => {
    const nonce = await client.readContract({
      address: C.entryPoint,
      abi: entryPoint08Abi,
      functionName: 'getNonce',
      args: [eoa.address, 0n],
    })
    const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas()
    const unsigned = buildUserOperation({
      sender: eoa.address,
      nonce,
      calls,
      callGasLimit: 500_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    })
    const sponsored = await signPaymasterData(sponsor.signer ?? paymasterSigner, unsigned, {
      chainId: CHAIN_ID,
      paymaster: C.paymaster,
      verificationGasLimit: 100_000n,
      postOpGasLimit: 0n,
      validUntil: sponsor.validUntil ?? (await now()) + 600,
      validAfter: 0,
    })
    return signDelegatedUserOperation(eoa, sponsored, CHAIN_ID)
  }
  /** The relayer submits it to EntryPoint.handleOps; returns whether the operation's calls succeeded. */
  const submit = async (op: UserOperation08) => {
    const receipt = await mined(await walletOf(relayer).sendTransaction({ to: C.entryPoint, data: encodeHandleOps([op], relayer.address) }))
    const [event] = parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs, eventName: 'UserOperationEvent' })
    expect(event?.args).toMatchObject({ sender: eoa.address, paymaster: C.paymaster })
    return event!.args.success
  }
  const refused = (op: UserOperation08) =>
    client.simulateContract({
      account: relayer,
      address: C.entryPoint,
      abi: entryPoint08Abi,
      functionName: 'handleOps',
      args: [[packUserOperation(op)], relayer.address],
    })

  beforeAll(async () => {
    devnet = await startDevnet({ ports: [PORT, OTHER_PORT] })
    const treasury = walletOf(privateKeyToAccount(DEVNET_TREASURY.privateKey))
    await mined(
      await treasury.writeContract({ address: C.usdc, abi: erc20Abi, functionName: 'transfer', args: [eoa.address, usdc('100')] }),
    )
    await mined(await treasury.sendTransaction({ to: sessionKey.address, value: parseEther('0.1') }))
  }, 60_000)
  afterAll(async () => {
    await devnet?.stop()
    console.info('smart-account timings (ms):', timings)
  })

  it('the relayer sends the EOA’s authorization (signed with the chain id) in a type-4 transaction: code 0xef0100 ‖ DeleGator, same address, still 0 ETH', async () => {
    expect(await client.getBalance({ address: eoa.address })).toBe(0n)
    const message = 'Sign in to Airlock'
    const signature = await eoa.signMessage({ message })
    expect(await client.verifyMessage({ address: eoa.address, message, signature })).toBe(true)

    const authorization = await signAuthorizationWithChainId(eoa, { chainId: CHAIN_ID, contractAddress: C.eip7702Delegator, nonce: 0 })
    await timed('authorization tx', async () =>
      mined(await walletOf(relayer).sendTransaction({ to: eoa.address, data: '0x', authorizationList: [authorization] })),
    )
    const code = await client.getCode({ address: eoa.address })
    expect(code).toBe(`0xef0100${C.eip7702Delegator.slice(2).toLowerCase()}`)
    expect(isDelegatedTo(code, C.eip7702Delegator)).toBe(true)
    expect(await client.getBalance({ address: eoa.address })).toBe(0n)
    expect(await balance(C.usdc, eoa.address)).toBe(usdc('100'))

    // ERC-1271 after delegation: the same personal_sign signature, and viem's verifyMessage still true.
    expect(
      await client.readContract({
        address: eoa.address,
        abi: erc1271Abi,
        functionName: 'isValidSignature',
        args: [hashMessage(message), signature],
      }),
    ).toBe('0x1626ba7e')
    expect(await client.verifyMessage({ address: eoa.address, message, signature })).toBe(true)
    const forged = await stranger.signMessage({ message })
    expect(await client.verifyMessage({ address: eoa.address, message, signature: forged })).toBe(false)
  })

  it('the same authorization replayed on the other devnet chain is skipped: the EOA stays a plain account there', async () => {
    const otherChain = defineChain({ ...chain, id: 31338, rpcUrls: { default: { http: [devnet.chains[1]!.rpcUrl] } } })
    const otherClient = createPublicClient({ chain: otherChain, transport: http(), pollingInterval: 10 })
    const authorization = await signAuthorizationWithChainId(eoa, { chainId: CHAIN_ID, contractAddress: C.eip7702Delegator, nonce: 0 })
    const hash = await createWalletClient({ account: relayer, chain: otherChain, transport: http() }).sendTransaction({
      to: eoa.address,
      data: '0x',
      authorizationList: [authorization],
    })
    expect((await otherClient.waitForTransactionReceipt({ hash, pollingInterval: 10 })).status).toBe('success')
    expect(await otherClient.getCode({ address: eoa.address })).toBeUndefined()
  })

  it('a sponsored user operation approves USDC and swaps it for DAI on Uniswap V2 in one batch; the EOA pays no ETH', async () => {
    const amountIn = usdc('10')
    const [, daiOut] = await client.readContract({
      address: C.uniswapV2Router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, [C.usdc, C.dai]],
    })
    const deadline = BigInt((await now()) + 600)
    const calls: Call[] = [
      { to: C.usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [C.uniswapV2Router, amountIn] }) },
      {
        to: C.uniswapV2Router,
        data: encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amountIn, daiOut!, [C.usdc, C.dai], eoa.address, deadline],
        }),
      },
    ]
    const deposit = () =>
      client.readContract({ address: C.entryPoint, abi: entryPoint08Abi, functionName: 'balanceOf', args: [C.paymaster] })
    const deposit0 = await deposit()
    const success = await timed('sponsored batch (sign + handleOps)', async () => submit(await userOperation(calls)))
    expect(success).toBe(true)
    expect(await balance(C.dai, eoa.address)).toBe(daiOut)
    expect(await balance(C.usdc, eoa.address)).toBe(usdc('90'))
    expect(await client.getBalance({ address: eoa.address })).toBe(0n)
    expect(await deposit()).toBeLessThan(deposit0)
    // What the frame would show for this operation's call data.
    expect(decodeExecute((await userOperation(calls)).callData).map((c) => c.to)).toEqual([C.usdc, C.uniswapV2Router])
  })

  it('a batch whose second transfer fails lands nothing (atomic)', async () => {
    const transfer = (amount: bigint): Call => ({
      to: C.usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
    })
    const before = await balance(C.usdc, eoa.address)
    expect(await submit(await userOperation([transfer(usdc('1')), transfer(before * 2n)]))).toBe(false)
    expect(await balance(C.usdc, recipient)).toBe(0n)
    expect(await balance(C.usdc, eoa.address)).toBe(before)
  })

  it('refuses an operation sponsored by another key, with an expired window, or not signed by the EOA', async () => {
    const call: Call = { to: C.usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] }) }
    await expect(refused(await userOperation([call], { signer: stranger }))).rejects.toThrow(/AA34 signature error/)
    await expect(refused(await userOperation([call], { validUntil: (await now()) - 1 }))).rejects.toThrow(
      /AA32 paymaster expired or not due/,
    )
    const op = await userOperation([call])
    const signedByStranger = { ...op, signature: await stranger.signTypedData(delegatedUserOperationTypedData(op, CHAIN_ID)) }
    await expect(refused(signedByStranger)).rejects.toThrow(/AA24 signature error/)
    await expect(refused(op)).resolves.toBeDefined()
  })

  it('ERC-7715 shape: a session key redeems a delegation within 10 USDC a day to one recipient, until the EOA disables it', async () => {
    const start = await now()
    const unsigned: Delegation = {
      delegate: sessionKey.address,
      delegator: eoa.address,
      authority: ROOT_AUTHORITY,
      caveats: [
        {
          enforcer: C.erc20PeriodTransferEnforcer,
          terms: erc20PeriodTransferTerms({ token: C.usdc, periodAmount: usdc('10'), periodDuration: 86_400, startDate: start }),
          args: '0x',
        },
        { enforcer: C.allowedCalldataEnforcer, terms: allowedCalldataTerms({ startIndex: 4, value: pad(recipient) }), args: '0x' },
        { enforcer: C.timestampEnforcer, terms: timestampTerms({ after: 0, before: start + 3600 }), args: '0x' },
      ],
      salt: 1n,
      signature: '0x',
    }
    const delegation = await signDelegation(eoa, unsigned, { chainId: CHAIN_ID, delegationManager: C.delegationManager })
    const transferBody = (to: Address, amount: bigint) =>
      encodeExecution([{ to: C.usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) }])
        .executionCalldata
    const redeem = (to: Address, amount: bigint): Hex =>
      encodeRedeemDelegations([[delegation]], [EXECUTION_MODE.single], [transferBody(to, amount)])
    const session = walletOf(sessionKey)
    const simulate = (data: Hex) => client.call({ account: sessionKey, to: C.delegationManager, data })

    const before = await balance(C.usdc, recipient)
    await timed('redeem', async () => mined(await session.sendTransaction({ to: C.delegationManager, data: redeem(recipient, usdc('4')) })))
    await mined(await session.sendTransaction({ to: C.delegationManager, data: redeem(recipient, usdc('4')) }))
    expect((await balance(C.usdc, recipient)) - before).toBe(usdc('8'))
    await expect(simulate(redeem(recipient, usdc('4')))).rejects.toThrow(/ERC20PeriodTransferEnforcer:transfer-amount-exceeded/)
    await expect(simulate(redeem(other, usdc('1')))).rejects.toThrow(/AllowedCalldataEnforcer:invalid-calldata/)
    await expect(simulate(redeem(recipient, usdc('1')))).resolves.toBeDefined()

    const disabled = await timed('disable (sponsored user op)', async () =>
      submit(await userOperation([{ to: C.delegationManager, data: encodeDisableDelegation(delegation) }])),
    )
    expect(disabled).toBe(true)
    expect(
      await client.readContract({
        address: C.delegationManager,
        abi: delegationManagerAbi,
        functionName: 'disabledDelegations',
        args: [delegationHash(delegation)],
      }),
    ).toBe(true)
    await expect(
      client.simulateContract({
        account: sessionKey,
        address: C.delegationManager,
        abi: delegationManagerAbi,
        functionName: 'redeemDelegations',
        args: [[encodePermissionContext([delegation])], [EXECUTION_MODE.single], [transferBody(recipient, usdc('1'))]],
      }),
    ).rejects.toThrow(/CannotUseADisabledDelegation/)
    expect((await balance(C.usdc, recipient)) - before).toBe(usdc('8'))
  })
})
