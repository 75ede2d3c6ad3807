import { parseChainId } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { authUserAtom, smartAccountNetworksAtom } from '../../../connectors/embedded/atoms'
import { activeCaipNetworkIdAtom } from '../../../core/network/atoms'
import { useWidget } from '../../../core/react'
import type { FrameAccountType } from '@airlock/protocol'

/** What the line says of each type, and the switch it offers. */
const LINES: Record<FrameAccountType, { label: string; action: string; switchTo: FrameAccountType }> = {
  smartAccount: { label: 'Smart account', action: 'Switch to EOA', switchTo: 'eoa' },
  eoa: { label: 'EOA', action: 'Switch to smart account', switchTo: 'smartAccount' },
}

/**
 * The embedded wallet's eip155 account type (SPEC sections 1 and 6), switchable where the active
 * network has smart accounts. The address stays the same: the smart account is the EOA delegated
 * with EIP-7702. A switch the frame refuses leaves the EOA with SPEC section 8's toast.
 */
export function AccountTypeLine() {
  const ctx = useWidget()
  const user = useAtomValue(authUserAtom)
  const networks = useAtomValue(smartAccountNetworksAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const [switching, setSwitching] = useState(false)
  const chainId = caipNetworkId.startsWith('eip155:') ? parseChainId(caipNetworkId.slice('eip155:'.length)) : undefined
  if (!user || chainId === undefined || !networks.includes(chainId)) return null
  const line = LINES[user.preferredAccountType]
  const onSwitch = async () => {
    setSwitching(true)
    // The login's code is the embedded wallet's: loaded on the click, not by every wallet's Account view.
    const { setAuthPreferredAccount } = await import('../../../connectors/embedded/auth')
    await setAuthPreferredAccount(ctx, line.switchTo).finally(() => setSwitching(false))
  }
  return (
    <div className="al-account-auth">
      <span data-testid="account-type" data-type={user.preferredAccountType}>
        {line.label}
      </span>
      <button
        type="button"
        className="al-link-button"
        data-testid="account-type-switch"
        disabled={switching}
        onClick={() => void onSwitch()}
      >
        {switching ? 'Switching…' : line.action}
      </button>
    </div>
  )
}
