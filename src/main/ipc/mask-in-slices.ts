import { maskStrings } from '../../shared/credential-redaction'

/**
 * How much text is masked before main's event loop gets a turn. About 3 ms of masking on a
 * quiet machine: a 500-page book's text (about 1.2 MB) is some 40 slices.
 */
export const SLICE_CHARS = 32_768

/** Lets timers, IPC and events that waited run before the next slice. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * {@link maskStrings} for a result that may be large (an imported book's blocks), given to main's
 * event loop in slices of about {@link SLICE_CHARS} characters of text. Why: masking a 1,000-page
 * book's text in one go held main for over 100 ms, and every other window's call waited. Plain
 * objects and arrays are walked here; each array item and every other value is masked whole by
 * maskStrings, so what comes out is what maskStrings gives.
 */
export async function maskInSlices<T>(value: T, mask: (text: string) => string): Promise<T> {
  let masked = 0
  const counted = (text: string): string => {
    masked += text.length
    return mask(text)
  }
  const walk = async (item: unknown): Promise<unknown> => {
    if (masked >= SLICE_CHARS) {
      masked = 0
      await turn()
    }
    if (typeof item !== 'object' || item === null) return maskStrings(item, counted)
    if (Array.isArray(item)) {
      const list: readonly unknown[] = item
      // Copied only when something in it was masked, as maskStrings does.
      let copy: unknown[] | null = null
      for (let index = 0; index < list.length; index++) {
        const element = list[index]
        const out = await walk(element)
        if (out !== element) (copy ??= [...list])[index] = out
      }
      return copy ?? list
    }
    if (!isPlainObject(item)) return maskStrings(item, counted)
    let copy: Record<string, unknown> | null = null
    for (const [key, field] of Object.entries(item)) {
      const maskedKey = counted(key)
      const out = await walk(field)
      if (out === field && maskedKey === key) continue
      copy ??= { ...item }
      if (maskedKey !== key) delete copy[key]
      Object.defineProperty(copy, maskedKey, {
        value: out,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return copy ?? item
  }
  return (await walk(value)) as T
}
