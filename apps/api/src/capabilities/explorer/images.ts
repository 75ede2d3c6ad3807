import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const IMAGE_EXTENSIONS = ['svg', 'png', 'webp'] as const
export type ImageKind = (typeof IMAGE_EXTENSIONS)[number]

export const CONTENT_TYPES: Readonly<Record<ImageKind, string>> = Object.freeze({
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
})

/** An image held in memory with what its response needs. */
export interface StoredImage {
  readonly body: Uint8Array
  readonly contentType: string
  /** Strong validator: a quoted digest of the bytes. */
  readonly etag: string
}

/** What the bytes really are: PNG and WebP by magic bytes, SVG by an `<svg` root element. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  const text = b
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
  const root = text.replace(/^<\?xml[^>]*\?>\s*/, '').replace(/^(?:<!--[\s\S]*?-->\s*)*/, '')
  if (/^<svg[\s>]/.test(root) && /<\/svg>$/.test(text)) return 'svg'
  return undefined
}

/**
 * SVG served from the API's origin must be inert: no script, no event handler attribute, no
 * javascript: URL, no foreignObject, no reference to anything outside the file.
 */
export function svgProblem(svg: string): string | undefined {
  if (/<script/i.test(svg)) return 'a <script> element'
  if (/\son[a-z]+\s*=/i.test(svg)) return 'an event handler attribute'
  if (/javascript:/i.test(svg)) return 'a javascript: URL'
  if (/<foreignObject/i.test(svg)) return 'a <foreignObject>'
  const references = [
    ...[...svg.matchAll(/(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''),
    ...[...svg.matchAll(/url\(\s*["']?([^"')]*)/gi)].map((m) => m[1] ?? ''),
  ]
  const external = references.find((ref) => !ref.trim().startsWith('#') && !/^data:image\/(?:png|jpeg|gif|webp);base64,/i.test(ref.trim()))
  return external === undefined ? undefined : `an external reference (${external.slice(0, 40)})`
}

/** Validates a file's bytes against its extension and wraps them for serving. */
export function storedImage(file: string, bytes: Uint8Array): StoredImage {
  const ext = path.extname(file).slice(1).toLowerCase() as ImageKind
  if (!IMAGE_EXTENSIONS.includes(ext)) throw new Error(`${file}: not an .svg, .png or .webp file`)
  const kind = sniffImage(bytes)
  if (kind !== ext) throw new Error(`${file}: the bytes are ${kind ? `a ${kind}` : 'not an image'}, not a ${ext}`)
  if (kind === 'svg') {
    const problem = svgProblem(Buffer.from(bytes).toString('utf8'))
    if (problem) throw new Error(`${file}: the SVG contains ${problem}`)
  }
  const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 27)
  return Object.freeze({ body: bytes, contentType: CONTENT_TYPES[kind], etag: `"${digest}"` })
}

/** Network images by id: the `network` slug of each network in packages/chains (SPEC section 3). */
export const ASSET_IMAGE_FILES: Readonly<Record<string, string>> = Object.freeze({
  mainnet: 'assets/ethereum.svg',
  sepolia: 'assets/ethereum.svg',
  base: 'assets/base.svg',
  optimism: 'assets/optimism.svg',
  arbitrum: 'assets/arbitrum.svg',
  polygon: 'assets/polygon.svg',
  'monad-testnet': 'assets/monad.svg',
  'airlock-devnet': 'assets/airlock-devnet.svg',
  'airlock-devnet-2': 'assets/airlock-devnet-2.svg',
  'solana-mainnet': 'assets/solana.svg',
  'solana-devnet': 'assets/solana.svg',
  'solana-testnet': 'assets/solana.svg',
  'airlock-solana-devnet': 'assets/solana.svg',
  bitcoin: 'assets/bitcoin.svg',
  'bitcoin-testnet': 'assets/bitcoin.svg',
  'bitcoin-testnet4': 'assets/bitcoin.svg',
  'bitcoin-signet': 'assets/bitcoin.svg',
  'airlock-bitcoin-devnet': 'assets/bitcoin.svg',
})

/** Token images by symbol (looked up upper-cased). */
export const TOKEN_IMAGE_FILES: Readonly<Record<string, string>> = Object.freeze({
  ETH: 'tokens/eth.svg',
  WETH: 'tokens/weth.svg',
  USDC: 'tokens/usdc.svg',
  DAI: 'tokens/dai.svg',
  // The Solana mark stands for SOL too.
  SOL: 'assets/solana.svg',
})

/** Currency images by ISO 4217 code (looked up upper-cased). */
export const CURRENCY_IMAGE_FILES: Readonly<Record<string, string>> = Object.freeze({
  USD: 'currencies/usd.svg',
  EUR: 'currencies/eur.svg',
})

export interface PublicImages {
  asset(id: string): StoredImage | undefined
  token(symbol: string): StoredImage | undefined
  currency(code: string): StoredImage | undefined
}

function loadSet(dir: string, files: Readonly<Record<string, string>>): ReadonlyMap<string, StoredImage> {
  const cache = new Map<string, StoredImage>()
  const out = new Map<string, StoredImage>()
  for (const [id, rel] of Object.entries(files)) {
    const file = path.join(dir, rel)
    let image = cache.get(file)
    if (!image) {
      image = storedImage(file, fs.readFileSync(file))
      cache.set(file, image)
    }
    out.set(id, image)
  }
  return out
}

/** Loads every network, token and currency image from `<dataDir>/explorer-images` at start. */
export function loadPublicImages(dataDir: string): PublicImages {
  const dir = path.join(dataDir, 'explorer-images')
  const assets = loadSet(dir, ASSET_IMAGE_FILES)
  const tokens = loadSet(dir, TOKEN_IMAGE_FILES)
  const currencies = loadSet(dir, CURRENCY_IMAGE_FILES)
  return {
    asset: (id) => assets.get(id),
    token: (symbol) => tokens.get(symbol.toUpperCase()),
    currency: (code) => currencies.get(code.toUpperCase()),
  }
}

/** True when an `If-None-Match` header value names this ETag (weak comparison, `*` matches). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}
