import { getNetwork } from '@airlock/chains'
import { toProviderRpcError, type Namespace } from '@airlock/protocol'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { switchNetwork } from './actions'
import { Spinner } from '../../ui/Spinner'
import { activeCaipNetworkIdAtom, activeNetworkSupportedAtom } from '../../core/network/atoms'
import { networksAtom } from '../../core/options/atoms'
import { useWidget } from '../../core/react'
import { NetworkIcon } from '../../ui/NetworkIcon'
import { FAMILY_LABELS, groupByFamily } from './families'
import './networks.css'

interface NetworkListProps {
  /** Also list the active network when the dapp did not request it, marked unsupported. */
  showUnrequestedActive?: boolean
  /** After a successful switch. */
  onSwitched?: () => void
  /** Only this family's networks. */
  namespace?: Namespace
}

/** The dapp's networks grouped by family, the active one marked; a click switches the wallet (or the widget). */
export function NetworkList({ showUnrequestedActive = false, onSwitched, namespace }: NetworkListProps) {
  const ctx = useWidget()
  const networks = useAtomValue(networksAtom)
  const active = useAtomValue(activeCaipNetworkIdAtom)
  const supported = useAtomValue(activeNetworkSupportedAtom)
  const [pending, setPending] = useState<string>()

  const listed = showUnrequestedActive && !networks.includes(active) ? [active, ...networks] : networks
  const ids = namespace ? listed.filter((id) => id.startsWith(`${namespace}:`)) : listed

  const onSelect = async (caipNetworkId: string) => {
    if (caipNetworkId === active) return onSwitched?.()
    setPending(caipNetworkId)
    try {
      await switchNetwork(ctx, caipNetworkId)
      onSwitched?.()
    } catch (error) {
      ctx.toasts.show(toProviderRpcError(error).message, 'error')
    } finally {
      setPending(undefined)
    }
  }

  const families = groupByFamily(ids)
  return (
    <div className="al-network-list">
      {families.map(({ namespace, ids: familyIds }) => (
        <div
          key={namespace}
          className="al-network-family"
          role="group"
          aria-label={FAMILY_LABELS[namespace]}
          data-testid={`network-family-${namespace}`}
        >
          {families.length > 1 && <h2 className="al-network-family-title">{FAMILY_LABELS[namespace]}</h2>}
          <div role="list">
            {familyIds.map((id) => {
              const network = getNetwork(id)
              const name = network?.name ?? id
              const isActive = id === active
              const unsupported = isActive && !supported
              return (
                <button
                  key={id}
                  type="button"
                  role="listitem"
                  className="al-network-item"
                  data-testid={`network-item-${id}`}
                  data-active={isActive}
                  aria-current={isActive ? 'true' : undefined}
                  disabled={pending !== undefined}
                  onClick={() => void onSelect(id)}
                >
                  <NetworkIcon network={network} label={name} />
                  <span className="al-network-name">{name}</span>
                  {pending === id && <Spinner size={14} label={`Switching to ${name}`} />}
                  {unsupported ? (
                    <span className="al-tag al-tag-error" data-testid="network-unsupported">
                      Unsupported
                    </span>
                  ) : (
                    isActive && <span className="al-tag">Active</span>
                  )}
                </button>
              )
            })}
          </div>
        </div>
      ))}
    </div>
  )
}
