/**
 * Deep freezing, for data made once and shared by every request (datasets, parameter objects).
 *
 * @module
 */

/**
 * Freezes a value and everything reachable from it, so that no reader can change it for the next.
 * An object already frozen is taken as frozen through (shared parts are walked once).
 *
 * @param value The value.
 * @returns The same value, frozen.
 *
 * @example Usage
 * ```ts
 * import { deepFreeze } from "./freeze.ts";
 * const data = deepFreeze({ rates: [18] });
 * console.log(Object.isFrozen(data.rates)); // true
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
