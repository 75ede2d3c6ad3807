/**
 * SPEC section 2 names an NFTs tab for the embedded wallet. Airlock has no NFT indexer (apps/api
 * indexes fungible transfers for history and reads ERC-20 balances; nothing lists ERC-721 / 1155
 * holdings), so this is an honest empty state rather than a list that is always empty by accident.
 * When an NFT endpoint exists, its list goes here.
 */
export function NftsTab() {
  return (
    <div className="al-tab-state" data-testid="nfts-empty">
      <span className="al-empty-title">No NFTs yet</span>
      <span>NFTs this wallet holds are not listed here yet. Tokens and activity are in the other tabs.</span>
    </div>
  )
}
