import { atom } from 'jotai'

/**
 * The secure frame's visible surface (connectors/auth/surface.ts, components/SecureFrameSlot.tsx).
 * Apart from stores/auth.ts: only lazy chunks read these, so they stay out of the first paint.
 */

/** The height of what the secure frame draws (its surfaceHeight event): the slot it is laid over takes it. */
export const secureSurfaceHeightAtom = atom(0)

/** How many slots have the secure frame laid over them now (SecureFrameSlot): a confirmation waits for one. */
export const secureSlotsAtom = atom(0)
