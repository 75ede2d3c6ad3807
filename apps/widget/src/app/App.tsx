import { Modal } from './Modal'
import type { WidgetContext } from '../core/context'
import { WidgetProvider } from '../core/react'

export function App({ ctx }: { ctx: WidgetContext }) {
  return (
    <WidgetProvider ctx={ctx}>
      <Modal />
    </WidgetProvider>
  )
}
