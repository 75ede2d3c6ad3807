/** Placeholder until its issue-6 helper builds it. */
export default function WalletSendView() {
  return null
}
