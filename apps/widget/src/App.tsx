import { Modal } from './components/Modal'
import type { WidgetContext } from './context'
import { WidgetProvider } from './WidgetProvider'

export function App({ ctx }: { ctx: WidgetContext }) {
  return (
    <WidgetProvider ctx={ctx}>
      <Modal />
    </WidgetProvider>
  )
}
