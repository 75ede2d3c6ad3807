import {
  concat,
  encodeAbiParameters,
  getAddress,
  keccak256,
  size,
  slice,
  toHex,
  hexToNumber,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem'
import { toPackedUserOperation } from 'viem/account-abstraction'
import type { UserOperation08 } from './userOperation'

const UINT48_MAX = 2 ** 48 - 1

/** The validity window a paymaster signature carries: seconds since the epoch, validUntil 0 = no end. */
export interface PaymasterWindow {
  validUntil: number
  validAfter: number
}

export interface PaymasterAndData extends PaymasterWindow {
  paymaster: Address
  verificationGasLimit: bigint
  postOpGasLimit: bigint
  signature: Hex
}

function checkWindow({ validUntil, validAfter }: PaymasterWindow): void {
  for (const [name, t] of [
    ['validUntil', validUntil],
    ['validAfter', validAfter],
  ] as const) {
    if (!Number.isSafeInteger(t) || t < 0 || t > UINT48_MAX) throw new Error(`${name} must be a uint48 timestamp, got ${t}`)
  }
}

/** AirlockPaymaster's paymasterData: validUntil (uint48) ‖ validAfter (uint48) ‖ 65-byte signature. */
export function encodePaymasterData({ validUntil, validAfter, signature }: PaymasterWindow & { signature: Hex }): Hex {
  checkWindow({ validUntil, validAfter })
  if (size(signature) !== 65) throw new Error(`A paymaster signature is 65 bytes, got ${size(signature)}`)
  return concat([toHex(validUntil, { size: 6 }), toHex(validAfter, { size: 6 }), signature])
}

/** The full paymasterAndData field: paymaster ‖ verification gas (uint128) ‖ postOp gas (uint128) ‖ paymasterData. */
export function encodePaymasterAndData(p: PaymasterAndData): Hex {
  return concat([p.paymaster, toHex(p.verificationGasLimit, { size: 16 }), toHex(p.postOpGasLimit, { size: 16 }), encodePaymasterData(p)])
}

export function decodePaymasterAndData(data: Hex): PaymasterAndData {
  if (size(data) !== 52 + 12 + 65) throw new Error(`AirlockPaymaster's paymasterAndData is 129 bytes, got ${size(data)}`)
  return {
    paymaster: getAddress(slice(data, 0, 20)),
    verificationGasLimit: BigInt(slice(data, 20, 36)),
    postOpGasLimit: BigInt(slice(data, 36, 52)),
    validUntil: hexToNumber(slice(data, 52, 58)),
    validAfter: hexToNumber(slice(data, 58, 64)),
    signature: slice(data, 64),
  }
}

/**
 * What AirlockPaymaster's signer signs (EIP-191 over these 32 bytes), exactly as its paymasterHash():
 * every field of the operation but paymasterData and the account's signature, the chain, the paymaster and the window.
 */
export function paymasterHash(userOp: UserOperation08, chainId: number, paymaster: Address, validUntil: number, validAfter: number): Hex {
  checkWindow({ validUntil, validAfter })
  const packed = toPackedUserOperation({ ...userOp, paymaster: undefined, signature: '0x' })
  const paymasterGas = ((userOp.paymasterVerificationGasLimit ?? 0n) << 128n) | (userOp.paymasterPostOpGasLimit ?? 0n)
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        paymasterGas,
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
}

/**
 * The operation sponsored by `paymaster`: its gas limits and the signer's paymasterData set. The account signs
 * afterwards (its signature covers paymasterAndData).
 */
export async function signPaymasterData(
  signer: Pick<LocalAccount, 'signMessage'>,
  userOp: UserOperation08,
  sponsor: { chainId: number; paymaster: Address; verificationGasLimit: bigint; postOpGasLimit: bigint } & PaymasterWindow,
): Promise<UserOperation08> {
  const { chainId, paymaster, verificationGasLimit, postOpGasLimit, validUntil, validAfter } = sponsor
  const withGas: UserOperation08 = {
    ...userOp,
    paymaster,
    paymasterVerificationGasLimit: verificationGasLimit,
    paymasterPostOpGasLimit: postOpGasLimit,
    signature: '0x',
  }
  const hash = paymasterHash(withGas, chainId, paymaster, validUntil, validAfter)
  const signature = await signer.signMessage({ message: { raw: hash } })
  return { ...withGas, paymasterData: encodePaymasterData({ validUntil, validAfter, signature }) }
}
