import { useAtomValue } from 'jotai'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { HistoryList } from './HistoryList'
import { connectionAtom } from '../../core/session/active'

/** The Activity list of any connector's account (the embedded wallet also has it as a tab). */
export default function TransactionsView() {
  const { address } = useAtomValue(connectionAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  return (
    <section className="al-transactions" data-testid="transactions-view">
      {address && <HistoryList address={address} caipNetworkId={caipNetworkId} />}
    </section>
  )
}
