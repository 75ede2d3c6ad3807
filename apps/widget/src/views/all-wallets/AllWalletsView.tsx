export default function AllWalletsView() {
  return <section className="al-all-wallets" data-testid="all-wallets-view" />
}
