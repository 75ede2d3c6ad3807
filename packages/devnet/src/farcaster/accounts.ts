import type { Address, Hex } from 'viem'
import { devnetAccounts } from '../accounts'

/** The stand-in's fids: `FARCASTER_DEVNET_FID_BASE + i` is devnet account i's Farcaster account. */
export const FARCASTER_DEVNET_FID_BASE = 1000

const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'] as const

/** A devnet Farcaster account: its fid and profile, and the devnet key that is its custody address. */
export interface FarcasterDevnetAccount {
  fid: number
  username: string
  displayName: string
  bio: string
  /** The custody address (the IdRegistry's owner of the fid): devnet account `fid - 1000`. */
  custody: Address
  /** The custody key: the stand-in signs the sign-in message with it. Devnet only. */
  privateKey: Hex
}

/** One Farcaster account per devnet account: fid 1000 is `@alice` with devnet account 0 as custody, and so on. */
export const farcasterDevnetAccounts: readonly FarcasterDevnetAccount[] = Object.freeze(
  devnetAccounts.map((account, index) => {
    const username = NAMES[index] ?? `devnet${index}`
    return Object.freeze({
      fid: FARCASTER_DEVNET_FID_BASE + index,
      username,
      displayName: username[0]!.toUpperCase() + username.slice(1),
      bio: `Devnet account ${index}`,
      custody: account.address,
      privateKey: account.privateKey,
    })
  }),
)

/** The devnet account of `fid`, or undefined when the stand-in has none. */
export function farcasterDevnetAccount(fid: number): FarcasterDevnetAccount | undefined {
  return farcasterDevnetAccounts.find((account) => account.fid === fid)
}
