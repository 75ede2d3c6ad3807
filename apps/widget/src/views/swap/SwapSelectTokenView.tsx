/** Placeholder until its issue-6 helper builds it. */
export default function SwapSelectTokenView(_props: { target: 'sourceToken' | 'toToken' }) {
  return null
}
