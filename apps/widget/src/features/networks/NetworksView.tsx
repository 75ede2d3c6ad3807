import { useAtomValue } from 'jotai'
import { goBack } from '../../core/router/navigation'
import { canGoBack } from '../../core/router/router'
import { routerAtom } from '../../core/router/atoms'
import { useWidget } from '../../core/react'
import { NetworkList } from './NetworkList'

/** Choose Network: pushed from Account, or opened with `open({ view: 'Networks' })`. */
export default function NetworksView() {
  const ctx = useWidget()
  const router = useAtomValue(routerAtom)
  return (
    <section className="al-networks" data-testid="networks-view">
      <NetworkList showUnrequestedActive onSwitched={() => canGoBack(router) && goBack(ctx)} />
    </section>
  )
}
