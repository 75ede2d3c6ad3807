import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'
import { type StoredImage, IMAGE_EXTENSIONS, storedImage } from './images'

/** `apps/api/data`: the wallet registry file, the wallet icons and the public images. */
export const DATA_DIR = fileURLToPath(new URL('../../../data/', import.meta.url))

/** A WalletConnect explorer id, or the sha256 hex of the wallet name for a wallet without one. */
export const WalletId = z.string().regex(/^[0-9a-f]{64}$/, 'a wallet id is 64 lowercase hex characters')
/** The id of a wallet icon: `data/wallet-icons/<image_id>.<svg|png|webp>`. */
export const ImageId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'an image id is lowercase a-z 0-9 words joined by single hyphens')
/** CAIP-2: `namespace:reference`. */
export const Caip2 = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'a chain is a CAIP-2 id such as eip155:1')
export const BadgeType = z.enum(['none', 'certified'])
export type BadgeType = z.infer<typeof BadgeType>

const HttpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain })
/** A deep link: a custom scheme (`metamask://`, `okex://main`) or an https universal link. */
const AppLink = z
  .string()
  .max(300)
  .regex(
    /^(?!(?:javascript|data|file|vbscript|http):)[a-z][a-z0-9+.-]*:\/\/[^\s"<>\\]*$/i,
    'a link is scheme://... with a custom scheme or https',
  )
/** EIP-6963 reverse DNS name, e.g. `io.metamask`. */
const Rdns = z.string().regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i, 'rdns is a reverse DNS name such as io.metamask')

/** One wallet of the registry file, the fields of Reown's `WcWallet` that the modal reads. */
export const RegistryWallet = z.strictObject({
  id: WalletId,
  name: z.string().trim().min(1).max(100),
  homepage: HttpsUrl,
  image_id: ImageId,
  order: z.int().min(0).max(1_000_000),
  badge_type: BadgeType,
  chains: z.array(Caip2).min(1).max(100),
  rdns: Rdns.optional(),
  mobile_link: AppLink.optional(),
  desktop_link: AppLink.optional(),
  webapp_link: HttpsUrl.optional(),
  link_mode: HttpsUrl.optional(),
  app_store: HttpsUrl.optional(),
  play_store: HttpsUrl.optional(),
  chrome_store: HttpsUrl.optional(),
  injected: z
    .array(z.strictObject({ namespace: z.string().regex(/^[-a-z0-9]{3,8}$/), injected_id: z.string().min(1).max(100) }))
    .min(1)
    .optional(),
})
export type RegistryWallet = z.infer<typeof RegistryWallet>

export const RegistryFile = z.strictObject({ wallets: z.array(RegistryWallet).min(1) })

/** A wallet as `/getWallets` answers it: Reown's `WcWallet` field names, absent links `null` as in Reown's API. */
export const WcWallet = z.object({
  id: z.string(),
  name: z.string(),
  homepage: z.string(),
  image_id: z.string(),
  order: z.int(),
  badge_type: BadgeType,
  chains: z.array(z.string()),
  rdns: z.string().nullable(),
  mobile_link: z.string().nullable(),
  desktop_link: z.string().nullable(),
  webapp_link: z.string().nullable(),
  link_mode: z.string().nullable(),
  app_store: z.string().nullable(),
  play_store: z.string().nullable(),
  chrome_store: z.string().nullable(),
  injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })).nullable(),
})
export type WcWallet = z.infer<typeof WcWallet>

export interface WalletRegistry {
  /** Every wallet, in the default order: `order`, then name. */
  readonly wallets: readonly WcWallet[]
  /** A wallet icon by image id, or undefined for an unknown id. */
  walletImage(imageId: string): StoredImage | undefined
}

/** Default order: `order` ascending, then name (case-insensitive), then id, so ties are stable. */
export function compareWallets(a: Pick<WcWallet, 'order' | 'name' | 'id'>, b: Pick<WcWallet, 'order' | 'name' | 'id'>): number {
  return a.order - b.order || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

function toApiWallet(w: RegistryWallet): WcWallet {
  return deepFreeze({
    id: w.id,
    name: w.name,
    homepage: w.homepage,
    image_id: w.image_id,
    order: w.order,
    badge_type: w.badge_type,
    chains: [...w.chains],
    rdns: w.rdns ?? null,
    mobile_link: w.mobile_link ?? null,
    desktop_link: w.desktop_link ?? null,
    webapp_link: w.webapp_link ?? null,
    link_mode: w.link_mode ?? null,
    app_store: w.app_store ?? null,
    play_store: w.play_store ?? null,
    chrome_store: w.chrome_store ?? null,
    injected: w.injected ? w.injected.map((i) => ({ ...i })) : null,
  })
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>()
  return [...new Set(values.filter((v) => seen.size === seen.add(v).size))]
}

/**
 * A registry over wallets and their icons, validated up front: a bad file, a duplicate id, rdns or
 * image id, or an image id without an icon fails at start, not per call.
 */
export function createWalletRegistry(wallets: readonly unknown[], images: ReadonlyMap<string, StoredImage>): WalletRegistry {
  const parsed = z.array(RegistryWallet).min(1).parse(wallets)
  for (const [field, values] of [
    ['id', parsed.map((w) => w.id)],
    ['name', parsed.map((w) => w.name.toLowerCase())],
    ['image_id', parsed.map((w) => w.image_id)],
    ['rdns', parsed.flatMap((w) => (w.rdns ? [w.rdns.toLowerCase()] : []))],
  ] as const) {
    const dup = duplicates(values)
    if (dup.length) throw new Error(`Duplicate wallet ${field} in the wallet registry: ${dup.join(', ')}`)
  }
  const missing = parsed.filter((w) => !images.has(w.image_id)).map((w) => `${w.name} (${w.image_id})`)
  if (missing.length) throw new Error(`Wallets without an icon in the wallet registry: ${missing.join(', ')}`)
  const sorted = Object.freeze(parsed.map(toApiWallet).sort(compareWallets))
  return { wallets: sorted, walletImage: (imageId) => images.get(imageId) }
}

/**
 * A wallet a deployment adds to the registry file's at start (the devnet's wallet in dev): the
 * file's fields, its icon as a data: URI. It gets the sha256 of its name as its id (as SOURCES.md's
 * wallets without an explorer id), an image id from its name, and the last place in the order.
 */
export interface ExtraWallet {
  name: string
  homepage: string
  chains: readonly string[]
  rdns?: string
  injected?: readonly { namespace: string; injected_id: string }[]
  /** `data:image/svg+xml;base64,...` (or png, webp). */
  icon: string
}

const DATA_URI = /^data:image\/(svg\+xml|png|webp);base64,([A-Za-z0-9+/=]+)$/

function extraRegistryWallet(extra: ExtraWallet): { wallet: unknown; image: [string, StoredImage] } {
  const icon = DATA_URI.exec(extra.icon)
  if (!icon) throw new Error(`The icon of ${extra.name} is not a base64 data: URI of an SVG, PNG or WebP image`)
  const imageId = `extra-${extra.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
  const file = `${imageId}.${icon[1] === 'svg+xml' ? 'svg' : icon[1]}`
  const wallet = {
    id: createHash('sha256').update(extra.name, 'utf8').digest('hex'),
    name: extra.name,
    homepage: extra.homepage,
    image_id: imageId,
    order: 1_000_000,
    badge_type: 'none',
    chains: [...extra.chains],
    ...(extra.rdns ? { rdns: extra.rdns } : {}),
    ...(extra.injected ? { injected: extra.injected.map((i) => ({ ...i })) } : {}),
  }
  return { wallet, image: [imageId, storedImage(file, Buffer.from(icon[2]!, 'base64'))] }
}

/**
 * Reads `<dataDir>/wallets.json` and the icons `<dataDir>/wallet-icons/<image_id>.<svg|png|webp>`
 * (each must really be that kind of image), and adds `extra`. Throws, naming the file, when
 * anything is wrong.
 */
export function loadWalletRegistry(dataDir: string = DATA_DIR, extra: readonly ExtraWallet[] = []): WalletRegistry {
  const file = path.join(dataDir, 'wallets.json')
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`Cannot read the wallet registry ${file}: ${(error as Error).message}`)
  }
  const parsed = RegistryFile.safeParse(json)
  if (!parsed.success) throw new Error(`Invalid wallet registry ${file}: ${z.prettifyError(parsed.error)}`)
  const iconDir = path.join(dataDir, 'wallet-icons')
  const images = new Map<string, StoredImage>()
  for (const wallet of parsed.data.wallets) {
    const found = IMAGE_EXTENSIONS.map((ext) => path.join(iconDir, `${wallet.image_id}.${ext}`)).filter((p) => fs.existsSync(p))
    if (found.length > 1) throw new Error(`Wallet icon ${wallet.image_id} exists in more than one format in ${iconDir}`)
    if (found[0]) images.set(wallet.image_id, storedImage(found[0], fs.readFileSync(found[0])))
  }
  const added = extra.map(extraRegistryWallet)
  for (const { image } of added) images.set(...image)
  return createWalletRegistry([...parsed.data.wallets, ...added.map((a) => a.wallet)], images)
}
