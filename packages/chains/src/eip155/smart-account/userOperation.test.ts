import { signUserOperation } from '@metamask/smart-accounts-kit'
import { SIGNABLE_USER_OP_TYPED_DATA } from '@metamask/smart-accounts-kit/utils'
import { hashTypedData, recoverTypedDataAddress, recoverMessageAddress, type Address } from 'viem'
import { entryPoint08Address, getUserOperationTypedData } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { decodePaymasterAndData, encodePaymasterAndData, encodePaymasterData, paymasterHash, signPaymasterData } from './paymaster'
import {
  buildUserOperation,
  delegatedUserOperationHash,
  delegatedUserOperationTypedData,
  encodeHandleOps,
  ENTRY_POINT_08,
  packUserOperation,
  signDelegatedUserOperation,
  userOperationHash,
  withAuthorization,
} from './userOperation'

const eoaKey = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const eoa = privateKeyToAccount(eoaKey)
const signer = privateKeyToAccount('0x6d24a700d1a75b01ac1b2abfe29f80d0ac4772b0e075d8cfd06a70fe6de07ebc')
const paymaster: Address = '0xb5Bf46f7E48FF4497CA4bF1a7660e481851BD4cd'
const chainId = 31337
const gas = {
  callGasLimit: 300_000n,
  verificationGasLimit: 150_000n,
  preVerificationGas: 60_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
}
const unsigned = buildUserOperation({ sender: eoa.address, nonce: 5n, calls: [{ to: paymaster, value: 1n }], ...gas })
const sponsor = { chainId, paymaster, verificationGasLimit: 80_000n, postOpGasLimit: 0n, validUntil: 2_000_000_000, validAfter: 0 }

describe('user operations for a delegated EOA', () => {
  it('the DeleGator typed data and signature are the kit’s (domain EIP7702StatelessDeleGator at the account, with the EntryPoint)', async () => {
    const sponsored = await signPaymasterData(signer, unsigned, sponsor)
    const typed = delegatedUserOperationTypedData(sponsored, chainId)
    expect(typed.types).toEqual(SIGNABLE_USER_OP_TYPED_DATA)
    expect(typed.domain).toEqual({ name: 'EIP7702StatelessDeleGator', version: '1', chainId, verifyingContract: eoa.address })
    const signed = await signDelegatedUserOperation(eoa, sponsored, chainId)
    const kit = await signUserOperation({
      privateKey: eoaKey,
      userOperation: sponsored,
      entryPoint: { address: entryPoint08Address },
      chainId,
      // The kit types the name as one of its proxy accounts', but signs whatever domain name it is given.
      name: 'EIP7702StatelessDeleGator' as 'HybridDeleGator',
      address: eoa.address,
      version: '1',
    })
    expect(signed.signature).toBe(kit)
    expect(await recoverTypedDataAddress({ ...typed, signature: signed.signature })).toBe(eoa.address)
    expect(delegatedUserOperationHash(sponsored, chainId)).toBe(hashTypedData(typed))
    // Bound to the chain.
    expect(delegatedUserOperationHash(sponsored, 31338)).not.toBe(delegatedUserOperationHash(sponsored, chainId))
  })

  it('refuses to sign for another sender', async () => {
    await expect(signDelegatedUserOperation(signer, unsigned, chainId)).rejects.toThrow(/is not the operation's sender/)
  })

  it("packs for handleOps and hashes as EntryPoint v0.8's getUserOpHash", () => {
    expect(ENTRY_POINT_08).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')
    const packed = packUserOperation(unsigned)
    expect(packed.accountGasLimits).toBe(`0x${'0'.repeat(27)}249f0${'0'.repeat(27)}493e0`)
    expect(packed.initCode).toBe('0x')
    expect(userOperationHash(unsigned, chainId)).toBe(
      hashTypedData(getUserOperationTypedData({ chainId, entryPointAddress: entryPoint08Address, userOperation: unsigned })),
    )
    expect(encodeHandleOps([unsigned], signer.address).slice(0, 10)).toBe('0x765e827f')
  })

  it('a negative nonce is refused', () => {
    expect(() => buildUserOperation({ sender: eoa.address, nonce: -1n, calls: [{ to: paymaster }], ...gas })).toThrow(/never negative/)
  })
})

describe('AirlockPaymaster data', () => {
  it('the signer signs paymasterHash (EIP-191); the layout round-trips', async () => {
    const sponsored = await signPaymasterData(signer, unsigned, sponsor)
    const fields = decodePaymasterAndData(packUserOperation(sponsored).paymasterAndData)
    expect(fields).toMatchObject({ paymaster, verificationGasLimit: 80_000n, postOpGasLimit: 0n, validUntil: 2_000_000_000, validAfter: 0 })
    const hash = paymasterHash(sponsored, chainId, paymaster, fields.validUntil, fields.validAfter)
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: fields.signature })).toBe(signer.address)
    expect(encodePaymasterAndData(fields)).toBe(packUserOperation(sponsored).paymasterAndData)
  })

  it('the hash binds the call data, the gas limits, the chain, the paymaster and the window', async () => {
    const sponsored = await signPaymasterData(signer, unsigned, sponsor)
    const base = paymasterHash(sponsored, chainId, paymaster, 2_000_000_000, 0)
    const others = [
      paymasterHash({ ...sponsored, callData: '0x' }, chainId, paymaster, 2_000_000_000, 0),
      paymasterHash({ ...sponsored, paymasterVerificationGasLimit: 80_001n }, chainId, paymaster, 2_000_000_000, 0),
      paymasterHash({ ...sponsored, maxFeePerGas: 1n }, chainId, paymaster, 2_000_000_000, 0),
      paymasterHash(sponsored, 31338, paymaster, 2_000_000_000, 0),
      paymasterHash(sponsored, chainId, signer.address, 2_000_000_000, 0),
      paymasterHash(sponsored, chainId, paymaster, 2_000_000_001, 0),
      paymasterHash(sponsored, chainId, paymaster, 2_000_000_000, 1),
    ]
    expect(new Set([base, ...others]).size).toBe(8)
    // The account's signature is not part of it: the account signs after the paymaster.
    expect(paymasterHash({ ...sponsored, signature: '0x1234' }, chainId, paymaster, 2_000_000_000, 0)).toBe(base)
  })

  it('refuses a window outside uint48, a short signature, a wrong length', () => {
    expect(() => encodePaymasterData({ validUntil: 2 ** 48, validAfter: 0, signature: `0x${'11'.repeat(65)}` })).toThrow(/uint48/)
    expect(() => encodePaymasterData({ validUntil: 1, validAfter: -1, signature: `0x${'11'.repeat(65)}` })).toThrow(/uint48/)
    expect(() => encodePaymasterData({ validUntil: 1, validAfter: 0, signature: '0x1234' })).toThrow(/65 bytes/)
    expect(() => decodePaymasterAndData(paymaster)).toThrow(/129 bytes, got 20/)
  })

  it('an operation that also delegates its EOA: initCode is the 0x7702 marker where signed, the delegate in its hash', async () => {
    const delegate: Address = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
    const authorization = await eoa.signAuthorization({ chainId, address: delegate, nonce: 0 })
    const first = withAuthorization(unsigned, authorization)
    expect(packUserOperation(first).initCode).toBe('0x7702000000000000000000000000000000000000')
    // The account's and the paymaster's signatures cover the marker the EntryPoint passes them.
    const typed = delegatedUserOperationTypedData(first, chainId)
    expect(typed.message.initCode).toBe('0x7702000000000000000000000000000000000000')
    expect(delegatedUserOperationHash(first, chainId)).not.toBe(delegatedUserOperationHash(unsigned, chainId))
    expect(paymasterHash(first, chainId, paymaster, 0, 0)).not.toBe(paymasterHash(unsigned, chainId, paymaster, 0, 0))
    // getUserOpHash of EntryPoint v0.8 (Eip7702Support): the initCode's hash is the delegate's.
    const typedHash = getUserOperationTypedData({ chainId, entryPointAddress: entryPoint08Address, userOperation: first })
    expect(typedHash.message.initCode).toBe(delegate)
    expect(userOperationHash(first, chainId)).toBe(hashTypedData(typedHash))
    expect(userOperationHash(first, chainId)).not.toBe(userOperationHash({ ...first, authorization: undefined }, chainId))
  })
})
