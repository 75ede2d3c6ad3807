import { useAtomValue } from 'jotai'
import { useEffect, useRef } from 'react'
import { loadAuthFrame } from './frame'
import { secureSlotsAtom, secureSurfaceHeightAtom } from './surfaceAtoms'
import { useWidget } from '../../core/react'
import { Spinner } from '../../ui/Spinner'
import './secure-frame-slot.css'

/**
 * Where the secure frame appears in the card: while this is mounted, the frame's iframe is laid
 * over it (connectors/auth/surface.ts) and draws there, in its own origin, what only it may draw
 * (a confirmation; passkey buttons). The slot takes the height the frame reports, bounded by the
 * card; the spinner shows through the frame until it draws something.
 */
export function SecureFrameSlot({ label }: { label: string }) {
  const ctx = useWidget()
  const slot = useRef<HTMLDivElement>(null)
  const height = useAtomValue(secureSurfaceHeightAtom)

  useEffect(() => {
    let live = true
    let attached = false
    let detach: (() => void) | undefined
    void loadAuthFrame(ctx).then(
      (frame) => {
        if (!live || !slot.current) return
        detach = frame.surface?.attach(slot.current)
        attached = true
        ctx.store.set(secureSlotsAtom, (n) => n + 1)
      },
      // The frame did not load: whoever asked it for something gets that error.
      () => {},
    )
    return () => {
      live = false
      detach?.()
      if (attached) ctx.store.set(secureSlotsAtom, (n) => n - 1)
    }
  }, [ctx])

  return (
    <div
      ref={slot}
      className="al-secure-slot"
      data-testid="secure-frame-slot"
      aria-label={label}
      style={height > 0 ? { height } : undefined}
    >
      <Spinner label={label} />
    </div>
  )
}
