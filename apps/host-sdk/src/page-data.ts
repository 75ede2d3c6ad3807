/** Keys that lead from any object to the page's shared prototypes and constructors. */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype']

/** An own data property of a page object: a getter, which could run code or answer differently each time, is not followed. */
export function dataValue(object: unknown, key: string): unknown {
  if ((typeof object !== 'object' && typeof object !== 'function') || object === null) return undefined
  const descriptor = Object.getOwnPropertyDescriptor(object, key)
  return descriptor && 'value' in descriptor ? descriptor.value : undefined
}
