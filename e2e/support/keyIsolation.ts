import { createHmac, pbkdf2Sync } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1'
import type { BrowserContext, Page } from '@playwright/test'
import { bytesToHex, hexToBytes, type Address } from 'viem'
import { english, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { mnemonicToSeedEntropy, seedEntropyToMnemonic } from '../../apps/secure-frame/src/custody/seed'
import { combineShares } from '../../apps/secure-frame/src/custody/shares'

/**
 * Key isolation, checked from the outside (issue 5 "Must show"): everything the dapp page and the
 * widget see (every message event on a window or a MessagePort in those documents, and every
 * network response to them) is recorded, then searched for anything that is, or rebuilds, the key
 * of the embedded wallet: a 32-byte value that is its private key or its seed entropy, a BIP-39
 * phrase, or two 33-byte values that combine (Shamir) into its seed.
 */
export interface Capture {
  /** Everything recorded so far, from the pages and the network. */
  texts(): Promise<string[]>
}

const RECORDER = `(() => {
  if (location.origin === __SECURE__) return
  const seen = (window.__airlockSeen = [])
  const record = (data) => {
    try {
      seen.push(typeof data === 'string' ? data : JSON.stringify(data, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    } catch {
      seen.push(String(data))
    }
  }
  for (const target of [Window.prototype, MessagePort.prototype]) {
    const add = target.addEventListener
    target.addEventListener = function (type, listener, options) {
      if (type === 'message' && typeof listener === 'function') {
        const wrapped = function (event) {
          record(event.data)
          return listener.call(this, event)
        }
        return add.call(this, type, wrapped, options)
      }
      return add.call(this, type, listener, options)
    }
  }
  window.addEventListener('message', () => undefined)
  const send = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (message, ...rest) {
    record(message)
    return send.call(this, message, ...rest)
  }
  const post = Window.prototype.postMessage
  window.postMessage = function (message, ...rest) {
    record(message)
    return post.call(this, message, ...rest)
  }
})()`

/** Starts recording in every page of `context` (dapp and widget documents; never the secure frame's own). */
export async function captureKeyIsolation(context: BrowserContext, secureOrigin: string): Promise<Capture> {
  await context.addInitScript(RECORDER.replace('__SECURE__', JSON.stringify(secureOrigin)))
  const responses: Promise<string | undefined>[] = []
  context.on('response', (response) => {
    const frameUrl = safeFrameUrl(response)
    if (frameUrl === undefined || new URL(frameUrl).origin === secureOrigin) return
    responses.push(response.text().catch(() => undefined))
  })
  return {
    async texts() {
      const fromPages: string[] = []
      for (const page of context.pages()) fromPages.push(...(await pageRecords(page)))
      const bodies = (await Promise.all(responses)).filter((body): body is string => body !== undefined)
      return [...fromPages, ...bodies]
    },
  }
}

function safeFrameUrl(response: { frame(): { url(): string } }): string | undefined {
  try {
    const url = response.frame().url()
    return url.startsWith('http') ? url : undefined
  } catch {
    // A service worker's response, or a frame already gone: neither the dapp's nor the widget's.
    return undefined
  }
}

async function pageRecords(page: Page): Promise<string[]> {
  const records: string[] = []
  for (const frame of page.frames()) {
    const seen = await frame.evaluate(() => (window as unknown as { __airlockSeen?: string[] }).__airlockSeen ?? []).catch(() => [])
    records.push(...seen)
  }
  return records
}

/** Hex runs up to this long are searched at every byte offset; longer ones (ABI data, bytecode) word by word. */
const MAX_SLIDING_HEX = 400
/** Base64 tokens longer than this are images and the like, not a key. */
const MAX_BASE64_TOKEN = 120

/** What in `texts` reveals the wallet at `address`; empty when nothing does. */
export async function findKeyLeaks(texts: readonly string[], address: Address): Promise<string[]> {
  const target = address.toLowerCase()
  const leaks: string[] = []
  // Any 32-byte window of a short hex run, or a 32-byte word of a long one (ABI data), may be the key;
  // a value standing alone of exactly 32 or 33 bytes may be the seed entropy or a share.
  const keyCandidates = new Set<string>()
  const entropyCandidates = new Set<string>()
  const shares = new Set<string>()
  const wordSet = new Set(english)
  for (const text of texts) {
    for (const run of text.match(/[0-9a-fA-F]{64,}/g) ?? []) {
      const even = (run.length % 2 === 0 ? run : run.slice(0, -1)).toLowerCase()
      const step = even.length <= MAX_SLIDING_HEX ? 2 : 64
      for (let i = 0; i + 64 <= even.length; i += step) keyCandidates.add(even.slice(i, i + 64))
      if (even.length === 64) entropyCandidates.add(even)
      if (even.length === 66) shares.add(even)
    }
    for (const run of text.match(/[A-Za-z0-9+/_-]{43,}={0,2}/g) ?? []) {
      if (run.length > MAX_BASE64_TOKEN) continue
      const bytes = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      if (bytes.length === 32) {
        keyCandidates.add(bytes.toString('hex'))
        entropyCandidates.add(bytes.toString('hex'))
      }
      if (bytes.length === 33) shares.add(bytes.toString('hex'))
    }
    // A phrase: 12 to 24 wordlist words separated by whitespace only, with a valid checksum, that opens the wallet.
    for (const run of text.match(/[a-z]+(?:\s+[a-z]+){11,}/g) ?? []) {
      const words = run.split(/\s+/)
      for (let start = 0; start + 12 <= words.length; start++) {
        for (const length of [12, 15, 18, 21, 24]) {
          const phrase = words.slice(start, start + length)
          if (phrase.length !== length || !phrase.every((word) => wordSet.has(word)) || !isValidPhrase(phrase.join(' '))) continue
          if (addressOfPhrase(phrase.join(' ')) === target) leaks.push(`the BIP-39 phrase in: ${text.slice(0, 40)}…`)
        }
      }
    }
  }
  for (const word of keyCandidates) {
    try {
      if (privateKeyToAccount(`0x${word}`).address.toLowerCase() === target) leaks.push(`the private key 0x${word.slice(0, 8)}…`)
    } catch {
      // Not a valid secp256k1 scalar.
    }
  }
  for (const word of entropyCandidates) {
    if (addressOfPhrase(seedEntropyToMnemonic(hexToBytes(`0x${word}`))) === target) leaks.push(`the seed 0x${word.slice(0, 8)}…`)
  }
  const shareList = [...shares].map((hex) => hexToBytes(`0x${hex}`))
  for (let i = 0; i < shareList.length; i++) {
    for (let j = i + 1; j < shareList.length; j++) {
      const entropy = await combineShares([shareList[i]!, shareList[j]!]).catch(() => undefined)
      if (entropy && addressOfPhrase(seedEntropyToMnemonic(entropy)) === target) {
        leaks.push(`two shares ${bytesToHex(shareList[i]!).slice(0, 10)}… and ${bytesToHex(shareList[j]!).slice(0, 10)}…`)
      }
    }
  }
  return leaks
}

const HARDENED = 0x8000_0000
/** The wallet's Ethereum account: m/44'/60'/0'/0/0, as viem's mnemonicToAccount derives it by default. */
const ETHEREUM_PATH = [44 + HARDENED, 60 + HARDENED, HARDENED, 0, 0]

/**
 * The (lower-case) address of a BIP-39 phrase's first Ethereum account: what viem's
 * `mnemonicToAccount(phrase).address` gives (keyIsolation.test.ts checks that), only faster. Every
 * 32-byte value in the captured traffic (block, transaction and state hashes: 40-50 in a social
 * login) is tried as a seed; through viem each try is a PBKDF2 of 2048 HMAC-SHA512 rounds in
 * JavaScript and a BIP-32 path that computes public keys at each step, 20-30 ms on an idle core, so
 * the search of a GitHub login's traffic took 1.5 s idle and 3-8 s in the e2e run under load, more
 * than the login it checks (0.2-0.35 s this way, on the same texts). Here the PBKDF2 is Node's own,
 * and BIP-32 (private derivation) computes only the two public keys its non-hardened steps hash,
 * and the address's.
 */
export function addressOfPhrase(phrase: string): string {
  const seed = pbkdf2Sync(Buffer.from(phrase.normalize('NFKD'), 'utf8'), 'mnemonic', 2048, 64, 'sha512')
  let node = createHmac('sha512', 'Bitcoin seed').update(seed).digest()
  let key = bigIntOf(node.subarray(0, 32))
  for (const index of ETHEREUM_PATH) {
    const data =
      index >= HARDENED ? Buffer.concat([Buffer.alloc(1), bytes32(key)]) : Buffer.from(secp256k1.getPublicKey(bytes32(key), true))
    const serialized = Buffer.alloc(4)
    serialized.writeUInt32BE(index)
    node = createHmac('sha512', node.subarray(32))
      .update(Buffer.concat([data, serialized]))
      .digest()
    key = (bigIntOf(node.subarray(0, 32)) + key) % secp256k1.CURVE.n
  }
  return privateKeyToAddress(bytesToHex(bytes32(key))).toLowerCase()
}

const bigIntOf = (bytes: Buffer) => BigInt(`0x${bytes.toString('hex')}`)
const bytes32 = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex')

function isValidPhrase(phrase: string): boolean {
  try {
    mnemonicToSeedEntropy(phrase)
    return true
  } catch {
    return false
  }
}
