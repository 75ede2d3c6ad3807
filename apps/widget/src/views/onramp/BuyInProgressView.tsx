/** Placeholder until its issue-6 helper builds it. */
export default function BuyInProgressView(_props: { startedAt: number; purchaseCurrency: string }) {
  return null
}
