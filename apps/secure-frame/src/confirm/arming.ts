/**
 * When Approve may be clicked (DESIGN.md section 5b). Pure: the page feeds it what it observes.
 *
 * Approve arms only while the button can be proven visible (in the frame: IntersectionObserver v2
 * `isVisible`; in the popup: its document visible and focused), after a pointer move over it since it
 * became visible, and at least ARM_AFTER_VISIBLE_MS after it became visible. Losing visibility
 * disarms it and forgets the pointer move: a page that hides the frame and shows it again under the
 * pointer gets nothing from a move made before.
 */

export const ARM_AFTER_VISIBLE_MS = 500

export interface ArmingState {
  /** When the button last became visible; undefined while it is not. */
  visibleSince: number | undefined
  /** A pointer moved over the button since it became visible. */
  pointerMoved: boolean
}

export type ArmingEvent = { type: 'visible'; visible: boolean; at: number } | { type: 'pointer'; at: number }

export const initialArming: ArmingState = { visibleSince: undefined, pointerMoved: false }

export function nextArming(state: ArmingState, event: ArmingEvent): ArmingState {
  if (event.type === 'visible') {
    if (!event.visible) return initialArming
    return state.visibleSince === undefined ? { visibleSince: event.at, pointerMoved: false } : state
  }
  return state.visibleSince === undefined || event.at < state.visibleSince ? state : { ...state, pointerMoved: true }
}

export function isArmed(state: ArmingState, now: number, minVisibleMs = ARM_AFTER_VISIBLE_MS): boolean {
  return state.visibleSince !== undefined && state.pointerMoved && now - state.visibleSince >= minVisibleMs
}

/** When it arms if nothing else happens (to re-check then); undefined when it needs another event first. */
export function armsAt(state: ArmingState, minVisibleMs = ARM_AFTER_VISIBLE_MS): number | undefined {
  return state.visibleSince !== undefined && state.pointerMoved ? state.visibleSince + minVisibleMs : undefined
}
