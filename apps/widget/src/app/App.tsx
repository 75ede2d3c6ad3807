import type { WidgetContext } from '../core/context'
import { WidgetProvider } from '../core/react'
import { AccountSlotsContext } from '../features/account/slots'
import { ConnectSlotsContext } from '../features/connect/slots'
import { Modal } from './Modal'
import { accountSlots, connectSlots } from './slots'

export function App({ ctx }: { ctx: WidgetContext }) {
  return (
    <WidgetProvider ctx={ctx}>
      <ConnectSlotsContext.Provider value={connectSlots}>
        <AccountSlotsContext.Provider value={accountSlots}>
          <Modal />
        </AccountSlotsContext.Provider>
      </ConnectSlotsContext.Provider>
    </WidgetProvider>
  )
}
