/** Upper bound on RPC params, in characters of their JSON form (a 48 kB initcode is ~100 000). */
export const FRAME_RPC_PARAMS_MAX_SIZE = 1_000_000
export const FRAME_RPC_PARAMS_MAX_DEPTH = 32
/** Keys that reach an object's prototype when assigned: never accepted from outside. */
export const POLLUTING_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * True when `value` is plain JSON data (null, booleans, finite numbers, strings, arrays and plain
 * objects; undefined is allowed inside, where JSON drops it or writes null) whose JSON form is at most
 * `maxSize` characters and `maxDepth` levels deep, with no prototype-polluting key. The walk stops
 * as soon as the budget is spent, so cycles and huge shared graphs cost at most `maxSize` steps.
 */
export function isBoundedJson(value: unknown, maxSize = FRAME_RPC_PARAMS_MAX_SIZE, maxDepth = FRAME_RPC_PARAMS_MAX_DEPTH): boolean {
  let budget = maxSize
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!
    if (item === null || item === undefined || typeof item === 'boolean') budget -= 5
    else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false
      budget -= 24
    } else if (typeof item === 'string') budget -= item.length + 2
    else if (typeof item === 'object') {
      if (depth >= maxDepth) return false
      if (Array.isArray(item)) {
        budget -= item.length + 2
        if (budget < 0) return false
        for (const element of item) stack.push([element, depth + 1])
      } else {
        const proto = Object.getPrototypeOf(item) as unknown
        if (proto !== Object.prototype && proto !== null) return false
        const keys = Object.keys(item)
        budget -= keys.length + 2
        if (budget < 0) return false
        for (const key of keys) {
          if (POLLUTING_KEYS.has(key)) return false
          const field = (item as Record<string, unknown>)[key]
          if (field === undefined) continue
          budget -= key.length + 3
          stack.push([field, depth + 1])
        }
      }
    } else return false
    if (budget < 0) return false
  }
  return true
}
