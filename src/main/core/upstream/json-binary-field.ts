/**
 * Speech answers carry their audio as one long base64 string inside JSON (megabytes for a long
 * piece). Parsing them the plain way holds the body, the body as text, the parsed string and the
 * decoded bytes at once, for every request in flight. `liftBase64Field` instead finds that one
 * top-level string in the raw bytes, decodes it straight to bytes, and leaves the rest of the
 * answer (small: format, counts, speech marks) to JSON.parse with the value emptied.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c

/** Base64 alphabet -> 6-bit value; 255 for anything else ('=' handled apart). */
const DECODE = (() => {
  const table = new Uint8Array(256).fill(255)
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i
  // The URL-safe alphabet too: some encoders use it, and it is unambiguous.
  table[0x2d] = 62
  table[0x5f] = 63
  return table
})()

/**
 * Decodes base64 held as bytes (`from` to `to` in `source`). Null when a byte is outside the
 * alphabet or padding is misplaced (the caller then falls back to a plain parse, which reports it).
 */
export function decodeBase64Bytes(
  source: Uint8Array,
  from = 0,
  to = source.length,
): Uint8Array | null {
  let end = to
  if (end > from && source[end - 1] === 0x3d) end--
  if (end > from && source[end - 1] === 0x3d) end--
  const length = end - from
  if (length % 4 === 1 || (to > end && (to - from) % 4 !== 0)) return null
  const out = new Uint8Array(Math.floor((length * 3) / 4))
  let o = 0
  let i = from
  for (const whole = from + length - (length % 4); i < whole; i += 4) {
    const a = DECODE[source[i]!]!
    const b = DECODE[source[i + 1]!]!
    const c = DECODE[source[i + 2]!]!
    const d = DECODE[source[i + 3]!]!
    if ((a | b | c | d) > 63) return null
    const n = (a << 18) | (b << 12) | (c << 6) | d
    out[o++] = n >> 16
    out[o++] = (n >> 8) & 0xff
    out[o++] = n & 0xff
  }
  const left = end - i
  if (left >= 2) {
    const a = DECODE[source[i]!]!
    const b = DECODE[source[i + 1]!]!
    const c = left === 3 ? DECODE[source[i + 2]!]! : 0
    if ((a | b | c) > 63) return null
    const n = (a << 18) | (b << 12) | (c << 6)
    out[o++] = n >> 16
    if (left === 3) out[o++] = (n >> 8) & 0xff
  }
  return out
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

/** Index just past the string that opens at `start` (a quote), honouring escapes; -1 if unclosed. */
function endOfString(body: Uint8Array, start: number): number {
  for (let i = start + 1; i < body.length; i++) {
    const byte = body[i]!
    if (byte === BACKSLASH) i++
    else if (byte === QUOTE) return i + 1
  }
  return -1
}

/**
 * Finds the top-level field `key` of the JSON object in `body`; when its value is a plain string
 * (no escapes), decodes it as base64 and returns the decoded bytes with the answer's text minus
 * that value (`"key":""`). Null when the body is not an object, the field is absent or not a plain
 * string, or the value is not base64: the caller then parses the whole body as usual.
 */
export function liftBase64Field(
  body: Uint8Array,
  key: string,
): { json: string; bytes: Uint8Array } | null {
  const wanted = new TextEncoder().encode(key)
  const decoder = new TextDecoder()
  let depth = 0
  let expectKey = false
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!
    if (byte === QUOTE) {
      const close = endOfString(body, i)
      if (close < 0) return null
      if (depth === 1 && expectKey) {
        const isWanted =
          close - i - 2 === wanted.length && wanted.every((b, k) => body[i + 1 + k] === b)
        let j = close
        while (j < body.length && isSpace(body[j]!)) j++
        if (isWanted && body[j] === 0x3a) {
          j++
          while (j < body.length && isSpace(body[j]!)) j++
          if (body[j] !== QUOTE) return null
          const valueStart = j + 1
          const valueEnd = body.indexOf(QUOTE, valueStart)
          if (valueEnd < 0) return null
          // An escape inside (e.g. "\/") means this is not plain base64 text: parse as usual.
          if (body.subarray(valueStart, valueEnd).includes(BACKSLASH)) return null
          const bytes = decodeBase64Bytes(body, valueStart, valueEnd)
          if (!bytes) return null
          const json =
            decoder.decode(body.subarray(0, valueStart)) + decoder.decode(body.subarray(valueEnd))
          return { json, bytes }
        }
      }
      expectKey = false
      i = close - 1
    } else if (byte === 0x7b || byte === 0x5b) {
      depth++
      expectKey = byte === 0x7b && depth === 1
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--
    } else if (byte === 0x2c) {
      expectKey = depth === 1
    } else if (depth === 0 && !isSpace(byte)) {
      return null
    }
  }
  return null
}
