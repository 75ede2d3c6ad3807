import { Provider as StoreProvider } from 'jotai'
import { createContext, useContext, type ReactNode } from 'react'
import type { WidgetContext } from './context'

const ReactWidgetContext = createContext<WidgetContext | null>(null)

export function WidgetProvider({ ctx, children }: { ctx: WidgetContext; children: ReactNode }) {
  return (
    <ReactWidgetContext.Provider value={ctx}>
      <StoreProvider store={ctx.store}>{children}</StoreProvider>
    </ReactWidgetContext.Provider>
  )
}

export function useWidget(): WidgetContext {
  const ctx = useContext(ReactWidgetContext)
  if (!ctx) throw new Error('useWidget outside WidgetProvider')
  return ctx
}
