import type { AppErrorData } from '../errors'
import { formatBytes } from '../limits'
import type { InputLimits } from './contract-types'
import { MESSAGE_VALUE_COST as VALUE_COST } from './contract-types'

/**
 * The size of an IPC input, as the contract's `limits.maxBytes` counts it: every value costs
 * `MESSAGE_VALUE_COST`, plus a string's length, binary data's byteLength and an object key's
 * length. It walks the value as a tree (an object sent twice counts twice, as handlers would
 * read it twice) and stops as soon as the total passes `budget`, so a huge message costs no
 * more than the budget to measure; the result is then only known to be over it.
 */
export function measureMessage(value: unknown, budget: number): number {
  let total = VALUE_COST
  // Why a stack and not recursion: a deeply nested (or cyclic) message must not overflow the
  // stack. Why children are charged before they are visited: a container that cannot fit (a
  // sparse array of a billion holes, a million-entry map) is over the budget at once, unvisited,
  // and the stack never holds more values than the budget pays for; a cycle ends the same way.
  const pending: unknown[] = [value]
  while (pending.length > 0 && total <= budget) {
    const item = pending.pop()
    if (typeof item === 'string') total += item.length
    else if (typeof item !== 'object' || item === null) continue
    else if (ArrayBuffer.isView(item) || item instanceof ArrayBuffer) total += item.byteLength
    else if (Array.isArray(item)) {
      total += item.length * VALUE_COST
      if (total <= budget) for (let i = item.length - 1; i >= 0; i -= 1) pending.push(item[i])
    } else if (item instanceof Map) {
      total += item.size * 2 * VALUE_COST
      if (total <= budget) for (const [key, entry] of item) pending.push(key, entry)
    } else if (item instanceof Set) {
      total += item.size * VALUE_COST
      if (total <= budget) for (const entry of item) pending.push(entry)
    } else {
      const keys = Object.keys(item)
      total += keys.length * VALUE_COST
      for (let i = 0; i < keys.length && total <= budget; i += 1) {
        const key = keys[i] as string
        total += key.length
        pending.push((item as Record<string, unknown>)[key])
      }
    }
  }
  return total
}

/**
 * Refuses an input that weighs more than its channel's `maxBytes`, before it is parsed or sent:
 * the walk stops at the limit, so a huge message costs no more than the limit to measure. The
 * preload runs it before the message leaves the page and main again before parsing. Null when
 * the input fits.
 */
export function oversizedInput(rawInput: unknown, limits: InputLimits): AppErrorData | null {
  if (measureMessage(rawInput, limits.maxBytes) <= limits.maxBytes) return null
  const message = `${limits.subject} can be at most ${formatBytes(limits.maxBytes)} when it is sent to VoiceDesk; this one is larger.`
  return {
    code: 'VALIDATION_FAILED',
    message,
    retryable: false,
    details: { fields: { input: message }, limit: { maximum: limits.maxBytes } },
  }
}
