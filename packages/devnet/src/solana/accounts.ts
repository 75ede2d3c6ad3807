/**
 * The Solana devnet's test accounts: m/44'/501'/i'/0' (SLIP-0010 ed25519, the path of Phantom,
 * Solflare and solana-keygen) from anvil's mnemonic, so one phrase opens both families' devnet
 * accounts. `secretKey` is the 32-byte ed25519 seed, hex. accounts.test.ts derives them again.
 */
export interface SolanaDevnetAccount {
  address: string
  secretKey: string
}

export const solanaDevnetAccounts: readonly SolanaDevnetAccount[] = Object.freeze([
  { address: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96', secretKey: 'a01c67efb5cb8f62f15907a9fcf124c73d2695c8a9a31f21c05742a31ca1dc72' },
  {
    address: 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
    secretKey: '3f25626cf245c8dd65a2b91a70e6f4c285182489fda230e2553c3752aa962b61',
  },
  {
    address: 'CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k',
    secretKey: '8eabe4c79ac3a146c1bc447a64233ea70694669b997b0565039471b2939e8c5e',
  },
  {
    address: '9Tj3srBSxH7RFRCm8uharreY7ZBS49XSfpwCeYa7Xaqp',
    secretKey: 'f55bf85006beb673056861062dd8f8d8ff0bb63dd61d45f86fe438bf6e442abb',
  },
  {
    address: '6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp',
    secretKey: '3eb11a2e242212be157793db9fa881edffcfb391174b07d20369521ba1a084b1',
  },
  {
    address: '7EeV8eiRuGoR8bFHCjdCRGQd1RM5sR2dAkdiTEtC9ko7',
    secretKey: '22e6f8ea7e213a67f801d313daa33046f5f7b1808f38d5b2bb7301aefa158cbc',
  },
  {
    address: 'F9fVg2LeE2RhM6CfNn888hbjqovZDEWY3vm2hEkvX3Nh',
    secretKey: '9515bfa8fecc7b7ebe75fd55e9d15b6f7988d79dbf6546f998630cacafb63fc7',
  },
  {
    address: '26roUwgM5T6bccX41hakjiW4fDiKFSao1RyoFsAxr6e6',
    secretKey: '3979d8b5812d7747cfd25215b0a904fdbdf8f7c24aa82a91c2e00878ff1146ff',
  },
  {
    address: '5mCGtMUD21HEvWJxKGKS6HEAH7ezzy12MWGs4bPgcJwV',
    secretKey: 'c0c8348480fd4d865ffe93e11ba3a3b2431eeaaf1bf795faaac1710ec6607309',
  },
  {
    address: '2yaW8VAMLhQiornz1BgcSWDUSH2jC2dmB8RWnTJi8Yab',
    secretKey: 'f5606f75eaffadd56cc1247896e4e79237c37fe57cc970cfb12fb7d304323661',
  },
])

/** The devnet's USDC mint (6 decimals): its key is sha256('airlock solana devnet usdc mint'). */
export const SOLANA_DEVNET_USDC_MINT = '7pNMNCN2nC16Fvq2bL93ZstV5JfkJsS3Xom4unBCSACw'
export const SOLANA_DEVNET_USDC_MINT_SECRET = '042110175944322111960c379c728c676ad1a0720e9bb6974c1c4dc111ac3878'
export const SOLANA_DEVNET_USDC_DECIMALS = 6
