import * as z from 'zod/mini'

const link = z.nullish(z.string().check(z.maxLength(2048)))

/**
 * A wallet as the explorer's `/getWallets` answers it (Reown's `WcWallet` field names). The API
 * serves more fields; the modal reads these. Absent links are `null`, as in Reown's API.
 */
export const ExplorerWallet = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  image_id: z.nullish(z.string().check(z.maxLength(64))),
  homepage: link,
  rdns: link,
  mobile_link: link,
  desktop_link: link,
  webapp_link: link,
  app_store: link,
  play_store: link,
  chrome_store: link,
  chains: z.optional(z.array(z.string().check(z.maxLength(80)))),
  /** How the wallet injects itself in a page, per family (`polkadot`: its `window.injectedWeb3` key). */
  injected: z.nullish(
    z
      .array(z.object({ namespace: z.string().check(z.maxLength(8)), injected_id: z.string().check(z.maxLength(100)) }))
      .check(z.maxLength(20)),
  ),
})
export type ExplorerWallet = z.infer<typeof ExplorerWallet>

export const ExplorerWalletPage = z.object({
  count: z.number().check(z.int(), z.nonnegative()),
  data: z.array(ExplorerWallet),
})
export type ExplorerWalletPage = z.infer<typeof ExplorerWalletPage>
