import { bytesToHex } from '@airlock/chains/bip122'
import { address as bitcoinAddress, opcodes } from 'bitcoinjs-lib'
import { REGTEST } from './ecc'

/** esplora's `scriptpubkey_type` names. */
export type ScriptType = 'p2pkh' | 'p2sh' | 'v0_p2wpkh' | 'v0_p2wsh' | 'v1_p2tr' | 'op_return' | 'unknown'

export function scriptType(script: Uint8Array): ScriptType {
  const n = script.length
  if (n === 25 && script[0] === 0x76 && script[1] === 0xa9 && script[2] === 0x14 && script[23] === 0x88 && script[24] === 0xac)
    return 'p2pkh'
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87) return 'p2sh'
  if (n === 22 && script[0] === 0x00 && script[1] === 0x14) return 'v0_p2wpkh'
  if (n === 34 && script[0] === 0x00 && script[1] === 0x20) return 'v0_p2wsh'
  if (n === 34 && script[0] === 0x51 && script[1] === 0x20) return 'v1_p2tr'
  if (n >= 1 && script[0] === 0x6a) return 'op_return'
  return 'unknown'
}

/** The readable name of a script type, for refusals. */
export const SCRIPT_LABEL: Record<ScriptType, string> = {
  p2pkh: 'P2PKH',
  p2sh: 'P2SH',
  v0_p2wpkh: 'P2WPKH',
  v0_p2wsh: 'P2WSH',
  v1_p2tr: 'P2TR',
  op_return: 'OP_RETURN',
  unknown: 'non-standard',
}

/** The regtest address of an output script, if it has one. */
export function scriptAddress(script: Uint8Array): string | undefined {
  try {
    return bitcoinAddress.fromOutputScript(script, REGTEST)
  } catch {
    return undefined
  }
}

/** The output script of a regtest address, undefined for anything else (a mainnet address, garbage). */
export function addressScript(address: string): Uint8Array | undefined {
  try {
    return bitcoinAddress.toOutputScript(address, REGTEST)
  } catch {
    return undefined
  }
}

/**
 * Bitcoin Core's dust limit at the default 3 sat/vB dust relay fee: 3 × (the output's size + the
 * size of the input that would spend it; a witness input counts 67 vB, any other 148 vB).
 * 294 sats for P2WPKH, 330 for P2TR and P2WSH, 540 for P2SH, 546 for P2PKH; OP_RETURN has none.
 */
export function dustLimit(script: Uint8Array): bigint {
  const type = scriptType(script)
  if (type === 'op_return') return 0n
  const outputSize = 8 + (script.length < 0xfd ? 1 : 3) + script.length
  const witness = type === 'v0_p2wpkh' || type === 'v0_p2wsh' || type === 'v1_p2tr'
  return BigInt((outputSize + (witness ? 67 : 148)) * 3)
}

const OPCODE_NAMES = new Map<number, string>()
for (const [name, code] of Object.entries(opcodes)) if (typeof code === 'number' && !OPCODE_NAMES.has(code)) OPCODE_NAMES.set(code, name)
OPCODE_NAMES.set(0xb1, 'OP_CLTV')
OPCODE_NAMES.set(0xb2, 'OP_CSV')

/** A script in esplora's (rust-bitcoin's) asm: `OP_0 OP_PUSHBYTES_20 ab…`, `OP_PUSHNUM_1 OP_PUSHBYTES_32 …`. */
export function scriptAsm(script: Uint8Array): string {
  const parts: string[] = []
  let i = 0
  const push = (name: string, length: number, from: number) => {
    if (from + length > script.length) {
      parts.push(name, '<push past end>')
      i = script.length
      return
    }
    parts.push(name, bytesToHex(script.subarray(from, from + length)))
    i = from + length
  }
  while (i < script.length) {
    const op = script[i]!
    if (op === 0) {
      parts.push('OP_0')
      i++
    } else if (op <= 0x4b) push(`OP_PUSHBYTES_${op}`, op, i + 1)
    else if (op === 0x4c) push('OP_PUSHDATA1', script[i + 1] ?? 0, i + 2)
    else if (op === 0x4d) push('OP_PUSHDATA2', (script[i + 1] ?? 0) | ((script[i + 2] ?? 0) << 8), i + 3)
    else if (op === 0x4e)
      push('OP_PUSHDATA4', i + 5 <= script.length ? new DataView(script.buffer, script.byteOffset).getUint32(i + 1, true) : Infinity, i + 5)
    else {
      if (op === 0x4f) parts.push('OP_PUSHNUM_NEG1')
      else if (op >= 0x51 && op <= 0x60) parts.push(`OP_PUSHNUM_${op - 0x50}`)
      else parts.push(OPCODE_NAMES.get(op) ?? `OP_RETURN_${op}`)
      i++
    }
  }
  return parts.join(' ')
}
