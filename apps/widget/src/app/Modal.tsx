import { preloadRoute } from '../core/router/registry'
import { useAtomValue } from 'jotai'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { requestClose } from '../core/modal/modal'
import { openAtom } from '../core/modal/atoms'
import { ViewOutlet } from './ViewOutlet'
import { useCardAnchor } from './cardAnchor'
import { useWidget } from '../core/react'
import { Header } from './Header'
import { Toast } from '../ui/Toast'
import { connectionAtom } from '../core/session/active'
import { secureSlotsAtom } from '../connectors/embedded/surfaceAtoms'

/**
 * Stays mounted while closed (hidden and inert), so that open() only flips an attribute: the
 * wallet list is already rendered when the host shows the iframe.
 */
export function Modal() {
  const ctx = useWidget()
  const open = useAtomValue(openAtom)
  const connected = useAtomValue(connectionAtom).status === 'connected'
  // Nothing of the widget is drawn over the secure frame while it shows something: its Approve arms
  // only while all of its prompt is in view, and a toast over the prompt's top would hide part of it.
  const secureFrameShown = useAtomValue(secureSlotsAtom) > 0
  const overlayRef = useRef<HTMLDivElement>(null)
  const cardRef = useRef<HTMLDivElement>(null)
  const placeCard = useCardAnchor(overlayRef, cardRef)

  useLayoutEffect(() => {
    if (open) placeCard()
  }, [open, placeCard])

  useEffect(() => {
    performance.mark('airlock:rendered')
  }, [])

  useEffect(() => {
    if (!open) return
    cardRef.current?.focus({ preventScroll: true })
    // The next view is likely one of these; fetch its chunk now that the modal is in use.
    preloadRoute(connected ? 'Account' : 'ConnectingExternal')
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void requestClose(ctx)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open, connected, ctx])

  return (
    <div
      className="al-overlay"
      ref={overlayRef}
      data-open={open}
      data-testid="modal-overlay"
      inert={!open}
      onClick={(event) => {
        if (event.target === event.currentTarget) void requestClose(ctx)
      }}
    >
      <div className="al-card" role="dialog" aria-modal="true" aria-label="Airlock" tabIndex={-1} ref={cardRef}>
        <Header />
        <ViewOutlet onViewShown={placeCard} />
      </div>
      {!secureFrameShown && <Toast />}
    </div>
  )
}
